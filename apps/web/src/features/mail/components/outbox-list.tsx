import type { OutboxMessage, OutboxStatus } from '@toolyard/shared';
import { Fragment } from 'react';
import { linkParts } from '../utils/link-parts';

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const statusStyles: Record<OutboxStatus, string> = {
  pending: 'badge-warning badge-soft',
  sent: 'badge-success',
  kept: 'badge-info badge-soft',
  failed: 'badge-error',
  skipped: 'badge-ghost',
};

/**
 * The outbox's messages as cards, newest first: who to, what about, whether it went (or was only
 * kept here, with no SMTP_URL), and the
 * text, whose web addresses are links (so a sign-up or reset link can be followed from here).
 */
export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  return (
    <ul className="space-y-3">
      {messages.map((m) => (
        <li key={m._id}>
          <article
            aria-labelledby={`outbox-${m._id}`}
            className="card border border-base-300 bg-base-100 shadow-sm"
          >
            <div className="card-body gap-2 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 id={`outbox-${m._id}`} className="text-lg font-semibold break-words">
                  {m.subject ?? (
                    <>
                      <span className="sr-only">Not composed yet: </span>
                      <span className="font-mono text-base">{m.topic}</span>
                    </>
                  )}
                </h2>
                <span className={`badge badge-sm whitespace-nowrap ${statusStyles[m.status]}`}>
                  {m.status}
                </span>
              </div>
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="text-base-content/70">To</dt>
                <dd className="break-all">{m.to}</dd>
                <dt className="text-base-content/70">Created</dt>
                <dd>
                  <Time iso={m.createdAt} />
                </dd>
                {m.sentAt && (
                  <>
                    <dt className="text-base-content/70">Sent</dt>
                    <dd>
                      <Time iso={m.sentAt} />
                    </dd>
                  </>
                )}
                {m.keptAt && (
                  <>
                    <dt className="text-base-content/70">Kept</dt>
                    <dd>
                      <Time iso={m.keptAt} /> (not sent: the shop has no SMTP_URL)
                    </dd>
                  </>
                )}
                {m.attempts > 0 && (
                  <>
                    <dt className="text-base-content/70">Attempts</dt>
                    <dd>{m.attempts}</dd>
                  </>
                )}
                {m.lastError && (
                  <>
                    <dt className="text-base-content/70">Last error</dt>
                    <dd className="break-words text-error">{m.lastError}</dd>
                  </>
                )}
              </dl>
              {m.text === null ? (
                <p className="text-sm text-base-content/70">
                  Not composed yet: the mail worker writes the text when it takes the message.
                </p>
              ) : (
                <details className="rounded-box bg-base-200">
                  <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
                    Show the message
                  </summary>
                  <p className="border-t border-base-300 px-3 py-2 break-words whitespace-pre-wrap">
                    <MessageText text={m.text} />
                  </p>
                </details>
              )}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Plain text with its http(s) addresses as links: text nodes and anchors, never HTML. */
function MessageText({ text }: { text: string }) {
  return linkParts(text).map((part, i) =>
    part.kind === 'link' ? (
      <a key={i} href={part.href} className="link link-primary break-all" rel="noreferrer">
        {part.text}
      </a>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

function Time({ iso }: { iso: string }) {
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : timeFormat.format(date)}</time>;
}
