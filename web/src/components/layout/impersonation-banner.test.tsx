import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImpersonationBanner } from '@/components/layout/impersonation-banner';
import { makeUser } from '@/test/fixtures';

describe('the impersonation banner', () => {
  it('names the account being viewed and offers the way back', async () => {
    const onStop = vi.fn();
    render(<ImpersonationBanner user={makeUser({ impersonatorId: 'admin-1' })} onStop={onStop} />);
    expect(screen.getByTestId('impersonation-banner')).toHaveTextContent(
      'You are viewing the account of Camille Martin (planner@noces.test) as an administrator.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop impersonating' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});
