import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as OutboxRoute } from '@/app/routes/admin-outbox-route';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const mail = {
  id: 'm-1',
  channel: 'email',
  to: 'ines@atelier.test',
  subject: 'Votre profil est en ligne',
  text: 'Bonjour Inès,\nVotre profil est visible : http://fr.localhost/p/atelier',
  html: '<p>Bonjour Inès,</p><script>parent.steal()</script>',
  sentAt: null,
  createdAt: '2026-06-01T08:00:00Z',
  error: '',
};
const sms = { ...mail, id: 'm-2', channel: 'sms', to: '+33612345678', subject: '', text: 'Votre code Noces : 123456', html: '', sentAt: '2026-06-01T08:01:00Z' };
const failed = { ...mail, id: 'm-3', subject: 'Nouvelle demande', error: 'dial tcp: connection refused' };

describe('the outbox', () => {
  it('lists e-mails and SMS with their state, and filters by one recipient', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/admin/outbox', ({ request }) => {
        const url = new URL(request.url);
        calls.push(url.search);
        const to = url.searchParams.get('to');
        const items = [mail, sms, failed].filter((m) => !to || m.to === to);
        return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 50 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Messages' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/E-mail.*ines@atelier\.test.*Votre profil est en ligne.*Held/);
    expect(second).toHaveTextContent(/SMS.*\+33612345678.*Votre code Noces : 123456.*Sent/);
    expect(third).toHaveTextContent('Failed');
    await user.click(screen.getByLabelText('Recipient'));
    await user.paste(' +33612345678 ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Messages' })).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)).toBe('?to=%2B33612345678&page=1');
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Messages' })).getAllByRole('row')).toHaveLength(4));
  });

  it('opens a message: its HTML in a sandboxed frame, its text beside it, its error', async () => {
    server.use(http.get('*/api/admin/outbox', () => HttpResponse.json({ items: [mail, failed], total: 2, page: 1, pageSize: 50 })));
    const user = userEvent.setup();
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    await user.click(await screen.findByRole('button', { name: 'Votre profil est en ligne' }));
    const dialog = screen.getByRole('dialog', { name: 'Votre profil est en ligne' });
    const frame = within(dialog).getByTitle('Formatted version of the e-mail');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Bonjour Inès,</p>');
    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(within(dialog).getByTestId('outbox-text')).toHaveTextContent('Votre profil est visible : http://fr.localhost/p/atelier');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Nouvelle demande' }));
    expect(screen.getByRole('dialog', { name: 'Nouvelle demande' })).toHaveTextContent('dial tcp: connection refused');
  });

  it('says when a recipient has no message', async () => {
    server.use(http.get('*/api/admin/outbox', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 50 })));
    renderAdmin(<OutboxRoute />, '/admin/outbox?to=nobody%40noces.test');
    expect(await screen.findByText('No message for nobody@noces.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Recipient')).toHaveValue('nobody@noces.test');
  });
});
