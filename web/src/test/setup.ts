import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initI18n, loadMessages } from '@/lib/i18n';
import { server } from '@/test/msw-server';

// findBy*/waitFor give up after 1 s by default: too short when two cores run
// the Go suite, a build and these files at once (a CI failure seen so).
configure({ asyncUtilTimeout: 5_000 });

await initI18n('en', await loadMessages('en', { withRouteAreas: true }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
