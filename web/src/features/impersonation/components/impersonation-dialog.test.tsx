import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StopImpersonationDialog } from '@/features/impersonation/components/impersonation-dialog';
import { createQueryClient } from '@/lib/query-client';

function wrap(node: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

describe('the stop-impersonation dialog', () => {
  it('stop asks for confirmation and fails without a stored original user', async () => {
    const user = userEvent.setup();
    wrap(<StopImpersonationDialog open onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Stop impersonating' })).toHaveTextContent('Return to your own administrator account?');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impersonation could not be stopped.');
  });
});
