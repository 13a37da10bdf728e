/** Shown in place of a page while its code downloads. */
export function PageLoading() {
  return (
    <progress
      className="progress progress-primary fixed top-0 z-40 h-1 w-full"
      aria-label="Loading page"
    />
  );
}
