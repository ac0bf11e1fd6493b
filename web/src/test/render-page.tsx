import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { renderRouter } from '@/test/render-router';

/** Renders one signed-in page at path, with /subscription as a marker page to follow links to. */
export function renderSignedIn(page: ReactNode, { path = '/', user = makeUser() }: { path?: string; user?: User } = {}) {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/subscription', element: <p>subscription page</p> },
      { path: '/company/details', element: <p>company details page</p> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(client, router);
  return { client, router };
}
