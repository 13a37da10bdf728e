/** A form-level error in red under the form (for example the server's answer), announced. */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <p role="alert" className="min-h-6 text-error">
      {message}
    </p>
  );
}
