import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useContactMessages } from '@/features/contact/api/get-contact-messages';
import { ContactMessagesList } from '@/features/contact/components/contact-messages-list';

export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const messages = useContactMessages(page);

  const goTo = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });

  return (
    <section className="py-2">
      <PageTitle
        title="Messages"
        description="Messages visitors sent from the contact form, newest first."
      />
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Messages</h1>
        {messages.data && (
          <p className="text-sm text-base-content/80">
            {messages.data.total} {messages.data.total === 1 ? 'message' : 'messages'}, newest first
          </p>
        )}
      </div>
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
