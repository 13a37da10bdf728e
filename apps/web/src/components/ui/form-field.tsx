import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  /** The validation message for this field, if any. */
  error?: string;
  /** A short help text under the field. */
  hint?: ReactNode;
}

/**
 * A labelled field whose error shows under it: the input is marked invalid and described by
 * the message, and the message region is live so a change is announced.
 */
function Field({
  label,
  error,
  hint,
  children,
}: FieldProps & {
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The error replaces the hint while there is one: both would say the same thing twice.
  const showHint = Boolean(hint) && !error;
  const describedBy = [error ? errorId : null, showHint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend pb-1 text-sm">
        {label}
      </label>
      {children({ id, describedBy: describedBy || undefined })}
      {showHint && (
        <p id={hintId} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {/* Room is kept for a message, unless a hint is there for it to replace. */}
      <p
        id={errorId}
        aria-live="polite"
        className={`text-sm text-error ${showHint ? '' : 'min-h-5'}`}
      >
        {error}
      </p>
    </div>
  );
}

/** A labelled text input with its error message. */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ...input
}: FieldProps & ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`input w-full ${error ? 'input-error' : ''} ${className}`}
          {...input}
        />
      )}
    </Field>
  );
}

/** Who is ordering: the signed-in buyer's name and email, read-only, side by side. */
export function BuyerFields({ name, email }: { name: string; email: string }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <TextField label="Name" value={name} readOnly autoComplete="name" />
      <TextField label="Email" type="email" value={email} readOnly autoComplete="email" />
    </div>
  );
}

/** A labelled multi-line input with its error message. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...textarea
}: FieldProps & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
          {...textarea}
        />
      )}
    </Field>
  );
}

/** A labelled select with its error message; the options are its children. */
export function SelectField({
  label,
  error,
  hint,
  className = '',
  children,
  ...select
}: FieldProps & ComponentProps<'select'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`select w-full ${error ? 'select-error' : ''} ${className}`}
          {...select}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
