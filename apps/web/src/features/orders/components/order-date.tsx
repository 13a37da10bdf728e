const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** When an order was placed, as a <time> element. */
export function OrderDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return <time dateTime={iso}>{(withTime ? timeFormat : dateFormat).format(date)}</time>;
}
