import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { getConfig, initialLocale } from '@/lib/config';
import { initErrorReporting } from '@/lib/error-reporting';
import { initI18n } from '@/lib/i18n';

const config = getConfig();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Only the core texts are awaited: the server preloads them with the entry
// (a modulepreload link for the page's language), so they are in the same
// wave, and each area's texts come with its routes (lib/i18n ROUTE_AREAS).
void initI18n(initialLocale(config)).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The Sentry SDK loads after the first render, never competing with it.
  initErrorReporting(config);
});
