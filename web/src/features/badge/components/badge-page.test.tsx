import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BadgePage } from '@/features/badge/components/badge-page';
import { makeUser } from '@/test/fixtures';
import { renderSignedIn } from '@/test/render-page';

describe('the badge page', () => {
  it('previews the four badges from this origin, each with its embed code and a copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderSignedIn(<BadgePage />, { user: makeUser({ publicUrl: 'https://www.noces.fr/p/camille-martin' }) });
    expect(screen.getByTestId('badge-claim')).toHaveTextContent('87% of the best-ranked providers');
    for (const [theme, size, name] of [
      ['white', 'little', 'White, small'],
      ['white', 'big', 'White, large'],
      ['black', 'little', 'Black, small'],
      ['black', 'big', 'Black, large'],
    ] as const) {
      const card = screen.getByRole('region', { name });
      expect(within(card).getByRole('img', { name: `Preview: ${name}` })).toHaveAttribute('src', `/badge/camille-martin.svg?theme=${theme}&size=${size}`);
      const code = within(card).getByLabelText('Code to paste on your website');
      expect(code).toHaveValue(
        `<a href="https://www.noces.fr/p/camille-martin" target="_blank" rel="noopener"><img src="https://www.noces.fr/badge/camille-martin.svg?theme=${theme}&amp;size=${size}" alt="Recommended on Noces" width="${size === 'big' ? 240 : 184}" style="height:auto;border:0"></a>`,
      );
    }
    await user.click(within(screen.getByRole('region', { name: 'Black, large' })).getByRole('button', { name: 'Copy the code' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('theme=black&amp;size=big'));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Badge code copied');
  });

  it('says why there is no code while the profile is hidden, and where to fix a SIRET', async () => {
    renderSignedIn(<BadgePage />, { user: makeUser({ publicUrl: null, publicProfileHidden: 'siret_inactive' }) });
    const hidden = screen.getByTestId('badge-hidden');
    expect(hidden).toHaveTextContent('Hidden: company listed as ceased.');
    expect(hidden).toHaveTextContent('The badge code will appear here as soon as your public profile is visible.');
    expect(within(hidden).getByRole('link', { name: 'Check my company' })).toHaveAttribute('href', '/company/details');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('waits for moderation without a fix link', () => {
    renderSignedIn(<BadgePage />, { user: makeUser({ publicUrl: null, publicProfileHidden: 'not_moderated', isModerated: false }) });
    expect(screen.getByTestId('badge-hidden')).toHaveTextContent('Available once approved.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
