import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { App } from './app/router';
import { sessionQueryOptions } from './features/auth/api/get-session';
import { keyFirstEntry } from './lib/location';
import { createQueryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The title and description the server wrote for crawlers (ADR 018) give way to the ones each
// page renders (React hoists them into the head), so the head never holds two of either.
for (const tag of document.head.querySelectorAll('title, meta[name="description"]')) tag.remove();

const queryClient = createQueryClient();
// Every page shows the session (the menu, the guards): ask for it while the page's code loads.
void queryClient.prefetchQuery(sessionQueryOptions());
keyFirstEntry();

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread until the whole page is built.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <App />
      </AppProviders>
    </StrictMode>,
  ),
);
