import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PortraitPage } from '@/features/portrait/components/portrait-page';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderSignedIn } from '@/test/render-page';

const saved = {
  portrait: '<p>Je suis <strong>wedding planner</strong> à Lyon.</p>',
  experience: '<ul><li><p>Dix ans de métier</p></li></ul>',
  service: '',
  benefits: '',
};

beforeEach(() => {
  server.use(
    http.get('*/api/portrait-experiences', () => HttpResponse.json(saved)),
    http.get('*/api/me', () => HttpResponse.json(makeUser())),
  );
});

async function editor(name: string) {
  return screen.findByRole('textbox', { name });
}

describe('the portrait page', () => {
  it('shows the four sections in their editors, with a warning on the empty ones', async () => {
    renderSignedIn(<PortraitPage />);
    const portrait = await editor('Your portrait');
    expect(portrait.innerHTML).toContain('<strong>wedding planner</strong>');
    expect((await editor('Your experience')).querySelector('ul li')).toHaveTextContent('Dix ans de métier');
    expect(await editor('Your services')).toBeInTheDocument();
    expect(await editor('Why choose you')).toBeInTheDocument();
    expect(screen.queryByTestId('portrait-portrait-empty')).toBeNull();
    expect(screen.getByTestId('portrait-service-empty')).toHaveTextContent('This section is empty');
    expect(screen.getByTestId('portrait-benefits-empty')).toBeInTheDocument();
    // Nothing changed: nothing to save.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('Everything is saved')).toBeInTheDocument();
  });

  it('has a toolbar of bold and lists only, whose buttons say when they are on', async () => {
    renderSignedIn(<PortraitPage />);
    await editor('Your experience');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting of “Your experience”' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Bold', 'Bulleted list', 'Numbered list']);
    // The caret starts in the experience's bulleted list: that button is on.
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    const portraitTools = within(screen.getByRole('toolbar', { name: 'Formatting of “Your portrait”' })).getAllByRole('button');
    expect(portraitTools.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false']);
  });

  it('saves the sections as typed and puts the copy refusal under its section', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/portrait-experiences', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            error: 'portrait.errors.duplicate_text',
            message: 'This text is already used elsewhere: write your own, unique text',
            fields: { service: 'portrait.errors.duplicate_text' },
          },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    renderSignedIn(<PortraitPage />);
    const service = await editor('Your services');
    await user.click(service);
    // happy-dom drops keys typed into ProseMirror; a paste goes through its clipboard parser as a real one does.
    await user.paste('Organisation complète');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByTestId('portrait-service-empty')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const section = screen.getByTestId('portrait-service');
    expect(await within(section).findByRole('alert')).toHaveTextContent('This text is already used elsewhere');
    expect(within(screen.getByTestId('portrait-portrait')).queryByRole('alert')).toBeNull();
    expect(bodies).toEqual([{ ...saved, service: '<p>Organisation complète</p>' }]);
  });

  it('takes the server’s version after a save', async () => {
    server.use(
      http.post('*/api/portrait-experiences', async ({ request }) => {
        const body = (await request.json()) as typeof saved;
        return HttpResponse.json({ ...body, benefits: '<p>Écoute</p>' });
      }),
    );
    const user = userEvent.setup();
    renderSignedIn(<PortraitPage />);
    await user.click(await editor('Why choose you'));
    await user.paste('Écoute');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Your portrait has been saved');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });
});
