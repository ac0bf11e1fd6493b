import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as AuditLogRoute } from '@/app/routes/admin-audit-log-route';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const entry = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `e-${n}`,
  actorId: 'u-admin',
  actorEmail: 'admin@noces.test',
  action: 'credits.adjust',
  targetId: 'u-camille',
  targetEmail: 'planner@noces.test',
  details: '{"amount":5,"balance":8,"reason":"Geste commercial"}',
  createdAt: '2026-06-01T08:00:00Z',
  ...overrides,
});

describe('the audit log', () => {
  it('shows who did what to whom, with readable actions and details, page by page', async () => {
    const pages: string[] = [];
    server.use(
      http.get('*/api/admin/audit-log', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(String(page));
        const items =
          page === 1
            ? [entry(1), entry(2, { action: 'alert.create', targetEmail: null, targetId: 'a-9', details: '{"title":"Printemps","type":"planner"}' }), entry(3, { action: 'future.thing', details: 'raw text' }), entry(5, { action: 'alert.update', details: '{"isActive":true,"type":"venue"}' })]
            : [entry(4, { action: 'moderation.approve', details: '' })];
        return HttpResponse.json({ items, total: 51, page, pageSize: 50 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAdmin(<AuditLogRoute />, '/admin/audit-log');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, credits, alert, unknown, update] = within(table).getAllByRole('row');
    expect(credits).toHaveTextContent(/admin@noces\.test.*Credits adjusted.*planner@noces\.test.*Amount\+5New balance8ReasonGeste commercial/);
    expect(alert).toHaveTextContent(/Alert created.*a-9.*TitlePrintempsAudiencePlanners/);
    expect(unknown).toHaveTextContent(/future\.thing.*raw text/);
    expect(update).toHaveTextContent(/Alert edited.*ActiveYesAudienceVenues/);
    expect(screen.getByText('1–50 of 51')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Professional approved')).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });

  it('says when nothing is recorded yet', async () => {
    server.use(http.get('*/api/admin/audit-log', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 50 })));
    renderAdmin(<AuditLogRoute />, '/admin/audit-log');
    expect(await screen.findByText('No action recorded yet')).toBeInTheDocument();
  });
});
