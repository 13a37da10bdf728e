import type { ContactMessage } from '@toolyard/shared';

const sentFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Contact messages as cards, newest first: a message is prose, so it reads better in full
 * width than in a table cell. The sender's email answers with the subject filled in.
 */
export function ContactMessagesList({ messages }: { messages: ContactMessage[] }) {
  return (
    <ul className="space-y-3">
      {messages.map((m) => (
        <li key={m._id}>
          <article
            aria-labelledby={`message-${m._id}`}
            className="card border border-base-300 bg-base-100 shadow-sm"
          >
            <div className="card-body gap-2 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 id={`message-${m._id}`} className="text-lg font-semibold break-words">
                  {m.subject}
                </h2>
                <Sent iso={m.createdAt} />
              </div>
              <p className="text-sm">
                From{' '}
                <a
                  className="link link-primary break-all"
                  href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                >
                  {m.email}
                </a>
              </p>
              <p className="break-words whitespace-pre-wrap">{m.message}</p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

function Sent({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} className="text-sm whitespace-nowrap text-base-content/80">
      {Number.isNaN(date.getTime()) ? iso : sentFormat.format(date)}
    </time>
  );
}
