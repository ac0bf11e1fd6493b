import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SidebarHeader } from '@/components/layout/sidebar-header';
import type { User } from '@/lib/auth/user';
import { makeUser } from '@/test/fixtures';

function renderHeader(user: User) {
  const router = createMemoryRouter([{ path: '/', element: <SidebarHeader user={user} /> }]);
  render(<RouterProvider router={router} />);
}

describe('the sidebar header', () => {
  it('shows the credit count linking to /subscription', () => {
    renderHeader(makeUser({ credits: 3 }));
    const chip = screen.getByTestId('credit-chip');
    expect(chip).toHaveTextContent('Credits: 3');
    expect(chip).toHaveAttribute('href', '/subscription');
    expect(chip.className).not.toMatch(/colorError/);
  });

  it('shows "no credits" in red at 0', () => {
    renderHeader(makeUser({ credits: 0 }));
    const chip = screen.getByTestId('credit-chip');
    expect(chip).toHaveTextContent('No credits');
    expect(chip.className).toMatch(/colorError/);
  });

  it('shows the premium badge instead of credits for premium users', () => {
    renderHeader(makeUser({ isPremium: true, premiumStatus: 'active', premiumEndAt: '2027-03-12T00:00:00Z' }));
    expect(screen.getByTestId('premium-badge')).toHaveAttribute('href', '/subscription');
    expect(screen.queryByTestId('credit-chip')).toBeNull();
  });

  it('shows a venue owner the credit chip too, and the premium badge instead once premium', () => {
    renderHeader(makeUser({ roles: ['ROLE_VENUE'], credits: 2 }));
    expect(screen.getByTestId('credit-chip')).toHaveTextContent('Credits: 2');
    expect(screen.getByTestId('credit-chip')).toHaveAttribute('href', '/subscription');
    cleanup();
    renderHeader(makeUser({ roles: ['ROLE_VENUE'], isPremium: true, premiumStatus: 'active' }));
    expect(screen.getByTestId('premium-badge')).toBeInTheDocument();
    expect(screen.queryByTestId('credit-chip')).toBeNull();
  });

  it('shows no chip to a couple or an admin', () => {
    renderHeader(makeUser({ roles: ['ROLE_ADMIN'], credits: 3 }));
    expect(screen.queryByTestId('credit-chip')).toBeNull();
    expect(screen.queryByTestId('premium-badge')).toBeNull();
  });

  it('shows the moderation chip until moderated', () => {
    renderHeader(makeUser({ isModerated: false }));
    expect(screen.getByTestId('moderation-chip')).toHaveTextContent('Moderation in progress');
  });

  it('shows the balance without leading to the closed subscription until moderated', () => {
    renderHeader(makeUser({ isModerated: false, credits: 1 }));
    const chip = screen.getByTestId('credit-chip');
    expect(chip).toHaveTextContent('Credits: 1');
    expect(chip).not.toHaveAttribute('href');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
