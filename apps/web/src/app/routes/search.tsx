// Placeholder: the search page is being built.
export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">search</h1>
    </section>
  );
}
