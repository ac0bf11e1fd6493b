import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as MarketingRoute } from '@/app/routes/admin-marketing-route';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const stamp = { createdAt: '2026-06-01T08:00:00Z', updatedAt: '2026-06-02T08:00:00Z' };
const alertItem = (overrides: Record<string, unknown> = {}) => ({
  id: 'a-1',
  type: 'planner',
  isActive: false,
  title: 'Crédits offerts',
  description: 'Un crédit offert pour tout achat de 10.',
  buttonText: 'Acheter',
  buttonLink: '/credits',
  ...stamp,
  ...overrides,
});
const popupItem = (overrides: Record<string, unknown> = {}) => ({
  id: 'p-1',
  type: 'planner',
  isActive: true,
  title: 'Offre de printemps',
  description: '<p>Profitez de <strong>20 %</strong></p>',
  imageUrl: '',
  buttonText: '',
  buttonLink: '',
  showOncePerUser: true,
  ...stamp,
  ...overrides,
});

function lists({ alerts = [] as object[], popups = [] as object[] } = {}) {
  server.use(
    http.get('*/api/admin/promotional-alerts', () => HttpResponse.json({ items: alerts })),
    http.get('*/api/admin/promotional-popups', () => HttpResponse.json({ items: popups })),
  );
}

describe('the marketing screen', () => {
  it('lists the alerts of one audience and activates one with the whole alert sent back', async () => {
    lists({ alerts: [alertItem(), alertItem({ id: 'a-2', type: 'venue', title: 'Pour les lieux' })] });
    let body: unknown = null;
    server.use(
      http.put('*/api/admin/promotional-alerts/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(alertItem({ isActive: true }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<MarketingRoute />, '/admin/marketing');
    const card = await screen.findByTestId('marketing-message');
    expect(screen.getAllByTestId('marketing-message')).toHaveLength(1);
    expect(card).toHaveTextContent('Crédits offerts');
    expect(card).toHaveTextContent('Button “Acheter” to /credits');
    await user.click(within(card).getByRole('switch', { name: 'Active' }));
    expect(await screen.findByText('“Crédits offerts” is now active')).toBeInTheDocument();
    expect(body).toEqual({
      type: 'planner',
      isActive: true,
      title: 'Crédits offerts',
      description: 'Un crédit offert pour tout achat de 10.',
      buttonText: 'Acheter',
      buttonLink: '/credits',
    });
    await user.click(screen.getByRole('button', { name: 'Venues' }));
    expect(await screen.findByText('Pour les lieux')).toBeInTheDocument();
  });

  it('creates a popup and previews the HTML exactly as the server sanitised it', async () => {
    lists();
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/admin/promotional-popups', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(popupItem({ description: '<p>Bonjour <em>à tous</em></p>', buttonText: 'Voir', buttonLink: '/credits' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<MarketingRoute />, '/admin/marketing?tab=popups');
    expect(await screen.findByText('No popup for Planners')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New popup' }));
    const form = screen.getByRole('dialog', { name: 'New popup' });
    await user.click(within(form).getByLabelText(/^Title/));
    await user.paste('Offre de printemps');
    await user.click(within(form).getByLabelText(/Content \(HTML\)/));
    await user.paste('<p onclick="x()">Bonjour <em>à tous</em></p><script>alert(1)</script>');
    await user.type(within(form).getByLabelText(/Button text/), 'Voir');
    await user.click(within(form).getByRole('button', { name: 'Save and preview' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(body).toBeNull();
    await user.type(within(form).getByLabelText(/Button link/), '/credits');
    await user.click(within(form).getByRole('button', { name: 'Save and preview' }));
    const saved = await screen.findByRole('dialog', { name: 'Popup saved' });
    expect(within(saved).getByTestId('popup-preview-html').innerHTML).toBe('<p>Bonjour <em>à tous</em></p>');
    expect(within(saved).getByTestId('sanitised-notice')).toBeInTheDocument();
    expect(body).toEqual({
      type: 'planner',
      isActive: false,
      title: 'Offre de printemps',
      description: '<p onclick="x()">Bonjour <em>à tous</em></p><script>alert(1)</script>',
      buttonText: 'Voir',
      buttonLink: '/credits',
      imageUrl: '',
      showOncePerUser: true,
    });
  });

  it('deactivates a popup with the whole popup sent back to the popups endpoint', async () => {
    lists({ alerts: [alertItem()], popups: [popupItem()] });
    let body: unknown = null;
    server.use(
      http.put('*/api/admin/promotional-popups/:id', async ({ request, params }) => {
        body = { id: params.id, ...((await request.json()) as object) };
        return HttpResponse.json(popupItem({ isActive: false }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<MarketingRoute />, '/admin/marketing?tab=popups');
    const card = await screen.findByTestId('marketing-message');
    expect(card).toHaveTextContent('Offre de printemps');
    await user.click(within(card).getByRole('switch', { name: 'Active' }));
    expect(await screen.findByText('“Offre de printemps” is no longer active')).toBeInTheDocument();
    expect(body).toEqual({
      id: 'p-1',
      type: 'planner',
      isActive: false,
      title: 'Offre de printemps',
      description: '<p>Profitez de <strong>20 %</strong></p>',
      buttonText: '',
      buttonLink: '',
      imageUrl: '',
      showOncePerUser: true,
    });
    await user.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(await screen.findByText('Crédits offerts')).toBeInTheDocument();
  });

  it('puts the server field codes under their fields', async () => {
    lists({ alerts: [alertItem()] });
    server.use(
      http.put('*/api/admin/promotional-alerts/:id', () =>
        HttpResponse.json(
          { error: 'errors.validation', message: 'Some fields are not valid.', fields: { buttonLink: 'admin.validation.link_invalid' } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<MarketingRoute />, '/admin/marketing');
    await user.click(within(await screen.findByTestId('marketing-message')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('dialog', { name: 'Edit the alert' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Crédits offerts');
    expect(within(form).getByRole('note')).toHaveTextContent('Crédits offerts');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a path of the site starting with / or an address starting with https://')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    let popups = [popupItem()];
    server.use(
      http.get('*/api/admin/promotional-alerts', () => HttpResponse.json({ items: [] })),
      http.get('*/api/admin/promotional-popups', () => HttpResponse.json({ items: popups })),
      http.delete('*/api/admin/promotional-popups/:id', () => {
        popups = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<MarketingRoute />, '/admin/marketing?tab=popups');
    const card = await screen.findByTestId('marketing-message');
    await user.click(within(card).getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('dialog', { name: 'Preview of the popup' });
    expect(within(preview).getByTestId('popup-preview-html').innerHTML).toBe('<p>Profitez de <strong>20 %</strong></p>');
    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this popup?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(popups).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this popup?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“Offre de printemps” has been deleted')).toBeInTheDocument();
    expect(await screen.findByText('No popup for Planners')).toBeInTheDocument();
  });
});
