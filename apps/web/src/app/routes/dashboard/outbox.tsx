import { CountedHeading } from '@/components/ui/counted-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { usePageParam } from '@/hooks/use-page-param';
import { errorMessage } from '@/lib/api-client';
import { useAuthOptions } from '@/features/auth/api/get-auth-options';
import { useOutbox } from '@/features/mail/api/get-outbox';
import { OutboxList } from '@/features/mail/components/outbox-list';

export default function OutboxPage() {
  const [page, goTo] = usePageParam();
  const options = useAuthOptions();
  const offered = options.data?.outbox === true;
  const messages = useOutbox(page, { enabled: offered });

  return (
    <section className="py-2">
      <PageTitle title="Outbox" description="The mail the shop has written, newest first." />
      <CountedHeading
        title="Outbox"
        count={
          messages.data &&
          `${messages.data.total} ${messages.data.total === 1 ? 'message' : 'messages'}, newest first`
        }
      />
      <p className="mb-4 max-w-prose text-sm text-base-content/80">
        This page exists in development so that the links in the shop&apos;s mail (confirming an
        address, setting a new password) can be followed without a mail server.
      </p>
      {options.isPending ? (
        <Spinner label="Loading the outbox" />
      ) : options.isError ? (
        <ErrorState message={errorMessage(options.error)} onRetry={() => void options.refetch()} />
      ) : !offered ? (
        <EmptyState title="The outbox is off on this server">
          It shows in development, or with MAIL_OUTBOX_PAGE=true.
        </EmptyState>
      ) : messages.isPending ? (
        <Spinner label="Loading the outbox" />
      ) : messages.isError ? (
        <ErrorState
          message={errorMessage(messages.error)}
          onRetry={() => void messages.refetch()}
        />
      ) : messages.data.messages.length === 0 ? (
        <EmptyState title={page > 1 ? 'No messages on this page' : 'No messages yet.'}>
          {page > 1 ? (
            <button type="button" className="btn btn-sm" onClick={() => goTo(1)}>
              Go to the first page
            </button>
          ) : (
            'Mail the shop writes (sign-up links, password resets) shows up here.'
          )}
        </EmptyState>
      ) : (
        <div className={messages.isPlaceholderData ? 'opacity-60' : undefined}>
          <OutboxList messages={messages.data.messages} />
          <Pagination
            label="Outbox pages"
            page={messages.data.page}
            pageCount={Math.max(1, Math.ceil(messages.data.total / messages.data.pageSize))}
            onPageChange={goTo}
          />
        </div>
      )}
    </section>
  );
}
