import { useId } from 'react';

const stars = [1, 2, 3, 4, 5] as const;

/**
 * A rating from 1 to 5 chosen as stars: a labelled group of five radio buttons, so arrow
 * keys move between them and each reads as "3 stars". Its error shows under it.
 */
export function StarRatingField({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <p id={labelId} className="fieldset-legend pb-1 text-sm">
        {label}
      </p>
      <div className="flex items-center gap-3">
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="rating rating-lg gap-1 rounded-field p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
        >
          {stars.map((n) => (
            <input
              key={n}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              aria-label={n === 1 ? '1 star' : `${n} stars`}
              className="mask mask-star-2 bg-base-content/25 opacity-100 checked:bg-warning has-[~:checked]:bg-warning"
            />
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-base-content/80">
          {value ? `${value} of 5` : 'Not rated yet'}
        </span>
      </div>
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm text-error">
        {error}
      </p>
    </div>
  );
}
