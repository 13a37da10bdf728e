import { CountedHeading } from '@/components/ui/counted-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { usePageParam } from '@/hooks/use-page-param';
import { errorMessage } from '@/lib/api-client';
import { useContactMessages } from '@/features/contact/api/get-contact-messages';
import { ContactMessagesList } from '@/features/contact/components/contact-messages-list';

export default function MessagesPage() {
  const [page, goTo] = usePageParam();
  const messages = useContactMessages(page);

  return (
    <section className="py-2">
      <PageTitle
        title="Messages"
        description="Messages visitors sent from the contact form, newest first."
      />
      <CountedHeading
        title="Messages"
        count={
          messages.data &&
          `${messages.data.total} ${messages.data.total === 1 ? 'message' : 'messages'}, newest first`
        }
      />
      {messages.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.isError ? (
        <ErrorState
          message={errorMessage(messages.error)}
          onRetry={() => void messages.refetch()}
        />
      ) : messages.data.messages.length === 0 ? (
        <EmptyState title={page > 1 ? 'No messages on this page' : 'No messages yet'}>
          {page > 1 ? (
            <button type="button" className="btn btn-sm" onClick={() => goTo(1)}>
              Go to the first page
            </button>
          ) : (
            'Messages sent from the contact form on the home page show up here.'
          )}
        </EmptyState>
      ) : (
        <div className={messages.isPlaceholderData ? 'opacity-60' : undefined}>
          <ContactMessagesList messages={messages.data.messages} />
          <Pagination
            label="Message pages"
            page={messages.data.page}
            pageCount={Math.max(1, Math.ceil(messages.data.total / messages.data.pageSize))}
            onPageChange={goTo}
          />
        </div>
      )}
    </section>
  );
}
