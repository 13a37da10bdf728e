/** Sets the document title; React 19 hoists <title> and <meta> into the head. */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{`${title} | Toolyard`}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
