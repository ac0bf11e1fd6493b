import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MenuContent } from '@/components/layout/menu-content';
import { buildMenu } from '@/components/layout/menu-items';
import { makeUser } from '@/test/fixtures';

describe('the side menu', () => {
  it("marks the users screen as current once, not the impersonation shortcut that leads there", () => {
    const menu = buildMenu(makeUser({ roles: ['ROLE_ADMIN'], publicUrl: null }));
    const router = createMemoryRouter([{ path: '*', element: <MenuContent menu={menu} onAction={() => undefined} /> }], { initialEntries: ['/admin/users'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Impersonate a user' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getAllByRole('link', { current: 'page' }).map((link) => link.textContent)).toEqual(['Users']);
  });
});
