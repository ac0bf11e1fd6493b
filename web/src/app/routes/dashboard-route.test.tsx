import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as DashboardRoute } from '@/app/routes/dashboard-route';
import { ME_QUERY_KEY } from '@/lib/auth/session';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';

function renderDashboard(user: User) {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(ME_QUERY_KEY, user);
  render(
    <QueryClientProvider client={client}>
      <DashboardRoute />
    </QueryClientProvider>,
  );
}

describe('the dashboard', () => {
  it('greets the user', () => {
    renderDashboard(makeUser());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Camille!');
    expect(screen.queryByTestId('moderation-notice')).toBeNull();
  });

  it('shows the moderation notice until the profile is moderated', () => {
    renderDashboard(makeUser({ isModerated: false }));
    expect(screen.getByTestId('moderation-notice')).toHaveTextContent('Your profile is being moderated');
  });
});
