import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as OutboxRoute } from '@/app/routes/admin-outbox-route';
import type { OutboxMessage } from '@/features/admin/api/list-outbox';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const mail: OutboxMessage = {
  id: 'm-1',
  channel: 'email',
  to: 'ines@atelier.test',
  subject: 'Votre profil est en ligne',
  text: 'Bonjour Inès,\nVotre profil est visible : http://fr.localhost/p/atelier',
  html: '<p>Bonjour Inès,</p><script>parent.steal()</script>',
  state: 'held',
  attempts: 0,
  permanent: false,
  sentAt: null,
  createdAt: '2026-06-01T08:00:00Z',
  updatedAt: '2026-06-01T08:00:00Z',
  error: '',
};
const sms: OutboxMessage = {
  ...mail,
  id: 'm-2',
  channel: 'sms',
  to: '+33612345678',
  subject: '',
  text: 'Votre code Noces : 123456',
  html: '',
  state: 'sent',
  attempts: 1,
  sentAt: '2026-06-01T08:01:00Z',
  updatedAt: '2026-06-01T08:01:00Z',
};
const longError = `550-5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces.\r\n550 5.1.1 https://support.example/mail/?p=NoSuchUser`;
const refused: OutboxMessage = { ...mail, id: 'm-3', subject: 'Nouvelle demande', state: 'failed', attempts: 1, permanent: true, error: longError, updatedAt: '2026-06-01T08:02:00Z' };
const gaveUp: OutboxMessage = { ...mail, id: 'm-4', subject: 'Rappel', state: 'failed', attempts: 14, permanent: false, error: 'dial tcp 10.0.0.5:587: connection refused' };
const retrying: OutboxMessage = { ...mail, id: 'm-5', subject: 'Votre facture', state: 'retrying', attempts: 2, error: '421 4.7.0 Try again later' };
const queued: OutboxMessage = { ...mail, id: 'm-6', subject: 'Bienvenue', state: 'queued' };

/** The list endpoint over `items`, filtered like the server; every query string it was asked is kept. */
function outbox(items: () => OutboxMessage[], calls: string[] = []) {
  server.use(
    http.get('*/api/admin/outbox', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url.search);
      const to = url.searchParams.get('to');
      const state = url.searchParams.get('state');
      const shown = items().filter((m) => (!to || m.to === to) && (!state || m.state === state));
      return HttpResponse.json({ items: shown, total: shown.length, page: 1, pageSize: 50 });
    }),
  );
  return calls;
}

// Hidden too: an open dialog hides the page behind it from assistive technologies.
const rows = () => within(screen.getByRole('table', { name: 'Messages', hidden: true })).getAllByRole('row', { hidden: true });

describe('the outbox', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each state with why, the attempts and the last error, cut short in the row', async () => {
    outbox(() => [mail, sms, refused, gaveUp, retrying, queued]);
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    await screen.findByRole('table', { name: 'Messages' });
    const [, held, sent, permanent, expired, again, waiting] = rows();
    expect(held).toHaveTextContent(/E-mail.*ines@atelier\.test.*Votre profil est en ligne.*Held.*No mail server is configured: kept here only.*0/);
    expect(sent).toHaveTextContent(/SMS.*\+33612345678.*Votre code Noces : 123456.*Sent.*Sent on .*1/);
    expect(permanent).toHaveTextContent(/Failed.*Refused for good by the relay.*1/);
    expect(expired).toHaveTextContent(/Failed.*Gave up after 24 h.*14.*dial tcp 10\.0\.0\.5:587: connection refused/);
    expect(again).toHaveTextContent(/Retrying.*Another attempt is planned.*2.*421 4\.7\.0 Try again later/);
    expect(waiting).toHaveTextContent(/Queued.*Waiting for its first attempt/);

    const error = within(permanent as HTMLElement).getByTestId('outbox-error');
    expect(error.textContent).toMatch(/^550-5\.1\.1 The email account that you tried to reach does not exist\. Please.*…$/);
    expect(error.textContent?.length).toBeLessThanOrEqual(80);
    expect(error).toHaveAttribute('title', longError);

    // Only a failed message can be sent again.
    expect(within(permanent as HTMLElement).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    expect(within(expired as HTMLElement).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    for (const row of [held, sent, again, waiting]) expect(within(row as HTMLElement).queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('filters by one recipient', async () => {
    const calls = outbox(() => [mail, sms, refused]);
    const user = userEvent.setup();
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    await screen.findByRole('table', { name: 'Messages' });
    expect(rows()).toHaveLength(4);
    await user.click(screen.getByLabelText('Recipient'));
    await user.paste(' +33612345678 ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.at(-1)).toBe('?to=%2B33612345678&page=1');
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('filters by state in the address, together with the recipient', async () => {
    const calls = outbox(() => [mail, sms, refused, gaveUp]);
    const user = userEvent.setup();
    const { router } = renderAdmin(<OutboxRoute />, '/admin/outbox?to=ines%40atelier.test&page=2');
    await screen.findByRole('table', { name: 'Messages' });
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Failed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?to=ines%40atelier.test&state=failed'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls.at(-1)).toBe('?to=ines%40atelier.test&state=failed&page=1');
    expect(screen.getByLabelText('Recipient')).toHaveValue('ines@atelier.test');

    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    expect(await screen.findByText('No sent message')).toBeInTheDocument();
    expect(screen.getByText('Recipient: ines@atelier.test')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?to=ines%40atelier.test'));
  });

  it('reads the state of the address, and every state for an unknown one', async () => {
    const calls = outbox(() => [mail, refused]);
    renderAdmin(<OutboxRoute />, '/admin/outbox?state=held');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('tab', { name: 'Held' })).toHaveAttribute('aria-selected', 'true');
    expect(calls).toEqual(['?state=held&page=1']);
  });

  it('asks before sending a failed message again, posts, tells, and refreshes the row', async () => {
    let items = [refused, sms];
    const calls = outbox(() => items);
    const posted: string[] = [];
    server.use(
      http.post('*/api/admin/outbox/:id/resend', ({ params }) => {
        posted.push(String(params.id));
        const back: OutboxMessage = { ...refused, state: 'queued', attempts: 0, permanent: false, error: '', updatedAt: '2026-06-02T09:00:00Z' };
        items = [back, sms];
        return HttpResponse.json(back);
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    await screen.findByRole('table', { name: 'Messages' });
    await user.click(within(rows()[1] as HTMLElement).getByRole('button', { name: 'Send again' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this message again?' });
    expect(dialog).toHaveTextContent('“Nouvelle demande” to ines@atelier.test goes back to the queue, and its attempts start again.');
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The message is queued again')).toBeInTheDocument();
    expect(posted).toEqual(['m-3']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send this message again?' })).toBeNull());
    await waitFor(() => expect(rows()[1]).toHaveTextContent(/Queued.*Waiting for its first attempt/));
    expect(within(rows()[1] as HTMLElement).queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('says why the server refused, in the dialog, and shows the list as it now is', async () => {
    let items = [refused];
    const calls = outbox(() => items);
    server.use(
      http.post('*/api/admin/outbox/:id/resend', () => {
        items = [{ ...refused, state: 'queued', error: '' }];
        return HttpResponse.json({ error: 'admin.outbox.errors.not_failed', message: 'Only a failed message can be sent again' }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    await user.click(within(await screen.findByRole('table', { name: 'Messages' })).getByRole('button', { name: 'Send again' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this message again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a failed message can be sent again');
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Queued'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('words a refusal without a message, and a lost connection, in the admin’s language', async () => {
    outbox(() => [refused]);
    let answer: () => Response = () => HttpResponse.json({ error: 'admin.outbox.errors.not_failed' }, { status: 409 });
    server.use(http.post('*/api/admin/outbox/:id/resend', () => answer()));
    const user = userEvent.setup();
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    await user.click(within(await screen.findByRole('table', { name: 'Messages' })).getByRole('button', { name: 'Send again' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this message again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a failed message can be sent again');
    answer = () => HttpResponse.error();
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('The server could not be reached. Check your connection and try again.'));
    expect(rows()).toHaveLength(2);
  });

  it('opens a message: its delivery, the whole error, its HTML in a sandboxed frame and its text', async () => {
    outbox(() => [mail, refused]);
    server.use(http.post('*/api/admin/outbox/:id/resend', () => HttpResponse.json({ ...refused, state: 'queued', attempts: 0, error: '' })));
    const user = userEvent.setup();
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    await user.click(await screen.findByRole('button', { name: 'Votre profil est en ligne' }));
    let dialog = screen.getByRole('dialog', { name: 'Votre profil est en ligne' });
    expect(dialog).toHaveTextContent(/Status.*Held.*No mail server is configured/);
    expect(within(dialog).queryByRole('button', { name: 'Send again' })).toBeNull();
    const frame = within(dialog).getByTitle('Formatted version of the e-mail');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Bonjour Inès,</p>');
    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(within(dialog).getByTestId('outbox-text')).toHaveTextContent('Votre profil est visible : http://fr.localhost/p/atelier');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Nouvelle demande' }));
    dialog = screen.getByRole('dialog', { name: 'Nouvelle demande' });
    expect(within(dialog).getByTestId('outbox-error-full').textContent).toBe(longError);
    expect(dialog).toHaveTextContent(/Attempts\s*1/);
    expect(dialog).toHaveTextContent(/Last change.*2026/);
    expect(dialog).toHaveTextContent('Refused for good by the relay');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Send this message again?' })).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The message is queued again')).toBeInTheDocument();
    // The open message now shows where it stands.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Nouvelle demande' })).toHaveTextContent(/Status.*Queued/));
    expect(within(screen.getByRole('dialog', { name: 'Nouvelle demande' })).queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('says when a recipient has no message', async () => {
    outbox(() => []);
    renderAdmin(<OutboxRoute />, '/admin/outbox?to=nobody%40noces.test');
    expect(await screen.findByText('No message for nobody@noces.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Recipient')).toHaveValue('nobody@noces.test');
  });

  it('turns the rows into cards on a phone, each with its state, attempts, error and Send again', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    outbox(() => [refused, sms]);
    renderAdmin(<OutboxRoute />, '/admin/outbox');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(/E-mail.*Failed.*Nouvelle demande.*ines@atelier\.test.*Attempts: 1.*Refused for good by the relay.*550-5\.1\.1/);
    expect(within(first as HTMLElement).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    expect(second).toHaveTextContent(/SMS.*Sent.*Attempts: 1.*Sent on/);
    expect(within(second as HTMLElement).queryByRole('button', { name: 'Send again' })).toBeNull();
  });
});
