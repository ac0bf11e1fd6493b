import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter, routerReady } from '@/app/router';
import { getConfig, initialLocale } from '@/lib/config';
import { initErrorReporting } from '@/lib/error-reporting';
import { initI18n } from '@/lib/i18n';
import { hydratable } from '@/prerender-markup';

const config = getConfig();
const locale = initialLocale(config);

/** Calls onCommit once its first render is committed (effects run after it). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Starts the app: src/entry.ts imports this module and calls it; onStarted
 * runs once the first page is rendered or hydrated.
 */
export function startApp(onStarted: () => void): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // Only the core texts are awaited: the server preloads them with the entry
  // (a modulepreload link for the page's language), so they are in the same
  // wave, and each area's texts come with its routes (lib/i18n ROUTE_AREAS).
  void initI18n(locale).then(async () => {
    // The server sends the sign-in page already rendered in its language
    // (prerender.tsx, internal/httpapi/spa.go), so the form shows before any
    // script runs; the app hydrates it when this visit renders that markup.
    if (hydratable(root)) {
      const router = createAppRouter();
      await routerReady(router);
      // A transition lets React hydrate in slices and yield to the browser
      // between them (a page already on screen needs no blocking render).
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <Committed onCommit={onStarted}>
              <App router={router} />
            </Committed>
          </StrictMode>,
        );
      });
    } else {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
      onStarted();
    }
    // The Sentry SDK loads after the first render, never competing with it.
    initErrorReporting(config);
  });
}
