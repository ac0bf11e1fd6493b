import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { renderRouter } from '@/test/render-router';

/** The demo administrator, as GET /api/me returns it. */
export const ADMIN = makeUser({
  id: '0190a1b2-0000-7000-8000-0000000000ad',
  roles: ['ROLE_ADMIN'],
  fullName: 'Adèle Martin',
  firstname: 'Adèle',
  lastname: 'Martin',
  email: 'admin@noces.test',
  credits: 0,
  publicUrl: null,
});

/** Renders an admin screen signed in as the administrator, at `url` (its query string is the list's state). */
export function renderAdmin(element: ReactElement, url = '/admin') {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, ADMIN);
  const path = new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  renderRouter(client, router);
  return { client, router };
}
