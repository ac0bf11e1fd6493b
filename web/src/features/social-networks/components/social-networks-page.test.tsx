import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstagramStatus, SocialNetworks } from '@/features/social-networks/api/get-social-networks';
import { navigation } from '@/features/social-networks/components/instagram-card';
import { SocialNetworksPage } from '@/features/social-networks/components/social-networks-page';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';
import { renderRouter } from '@/test/render-router';

const notSynced: InstagramStatus = { available: true, hasToken: false, tokenExpired: false, reason: '', lastSyncAt: null, posts: [] };
const synced: InstagramStatus = {
  ...notSynced,
  hasToken: true,
  lastSyncAt: '2026-11-22T09:00:00Z',
  posts: [
    { imageUrl: '/media/instagram/u/1.jpg', width: 400, height: 400, permalink: 'https://www.instagram.com/p/A/', caption: 'Mariage au château', postedAt: '2026-11-20T10:00:00Z' },
  ],
};

function links(status: InstagramStatus, instagram = 'https://www.instagram.com/atelier'): SocialNetworks {
  return { snFacebook: '', snInstagram: instagram, snTwitter: '', snTikTok: '', snLinkedIn: '', snPinterest: '', instagramStatus: status };
}

function renderPage(state: SocialNetworks, url = '/social-networks') {
  setTokens('access', 'refresh');
  server.use(http.get('*/api/social-networks', () => HttpResponse.json(state)));
  const router = createMemoryRouter([{ path: '/social-networks', element: <SocialNetworksPage /> }, { path: '/subscription', element: <p>pricing</p> }], {
    initialEntries: [url],
  });
  renderRouter(createQueryClient(), router);
  return router;
}

beforeEach(() => {
  server.use(http.get('*/api/me', () => new HttpResponse(null, { status: 204 })));
});

describe('the social links', () => {
  it('saves the six links in their canonical form', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/social-networks', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...links(notSynced, 'https://www.instagram.com/atelier_lumiere'), snLinkedIn: 'https://www.linkedin.com/company/atelier' });
      }),
    );
    renderPage(links(notSynced, ''));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Instagram'), 'instagram.com/atelier_lumiere');
    await user.type(screen.getByLabelText('LinkedIn'), 'fr.linkedin.com/company/atelier');
    await user.tab();
    expect(screen.getByLabelText('LinkedIn')).toHaveValue('https://www.linkedin.com/company/atelier');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ snInstagram: 'https://www.instagram.com/atelier_lumiere', snLinkedIn: 'https://www.linkedin.com/company/atelier', snFacebook: '' }));
    expect(await screen.findByText('Your social networks are saved')).toBeInTheDocument();
  });

  it('names the wrong network and sends nothing', async () => {
    let posts = 0;
    server.use(http.post('*/api/social-networks', () => { posts += 1; return HttpResponse.json(links(notSynced)); }));
    renderPage(links(notSynced, ''));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('LinkedIn'), 'https://www.linkedin.com/feed/');
    await user.type(screen.getByLabelText('Facebook'), 'facebook.com/atelier.lumiere');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('social-invalid-urls')).toHaveTextContent('nothing was saved');
    expect(screen.getByLabelText('LinkedIn')).toHaveAccessibleDescription(/linkedin.com\/in\/yourname/);
    expect(posts).toBe(0);
  });

  it("puts the server's refusal under its field", async () => {
    server.use(
      http.post('*/api/social-networks', () =>
        HttpResponse.json({ error: 'social_networks.errors.invalid_urls', message: 'x', fields: { snPinterest: 'social_networks.errors.invalid_pinterest' } }, { status: 422 }),
      ),
    );
    renderPage(links(notSynced));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('social-invalid-urls')).toBeInTheDocument();
    expect(screen.getByLabelText('Pinterest')).toHaveAccessibleDescription(/pinterest.com\/yourname/);
  });
});

describe('the Instagram card', () => {
  it('says the sync is unavailable without an Instagram app', async () => {
    renderPage(links({ ...notSynced, available: false }));
    expect(await screen.findByTestId('instagram-unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Instagram' })).not.toBeInTheDocument();
  });

  it('offers premium to a free plan and asks for the link first', async () => {
    renderPage(links({ ...notSynced, reason: 'premium' }));
    const premium = await screen.findByTestId('instagram-premium');
    expect(within(premium).getByRole('link', { name: 'Discover premium' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: 'Connect Instagram' })).not.toBeInTheDocument();
  });

  it('lets a plan that ended remove its connection', async () => {
    renderPage(links({ ...synced, reason: 'premium' }));
    await screen.findByTestId('instagram-premium');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(screen.queryByTestId('instagram-posts')).not.toBeInTheDocument();
  });

  it('asks for the Instagram link before connecting', async () => {
    renderPage(links({ ...notSynced, reason: 'link' }, ''));
    expect(await screen.findByTestId('instagram-need-link')).toBeInTheDocument();
  });

  it('sends the browser to Instagram', async () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    server.use(http.get('*/api/instagram/auth-url', () => HttpResponse.json({ url: 'https://www.instagram.com/oauth/authorize?state=s' })));
    renderPage(links(notSynced));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect Instagram' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://www.instagram.com/oauth/authorize?state=s'));
    go.mockRestore();
  });

  it('redeems the return ticket once and takes it out of the address', async () => {
    const tickets: string[] = [];
    server.use(
      http.post('*/api/instagram/token', async ({ request }) => {
        tickets.push(((await request.json()) as { token: string }).token);
        return HttpResponse.json({ success: true, message: 'Your Instagram account is connected', instagramStatus: synced });
      }),
    );
    const router = renderPage(links(notSynced), '/social-networks?token=sealed-ticket');
    expect(await screen.findByTestId('instagram-posts')).toBeInTheDocument();
    expect(tickets).toEqual(['sealed-ticket']);
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('instagram-status')).toHaveAttribute('data-state', 'synced');
    expect(screen.getByRole('link', { name: 'Open the post on Instagram: Mariage au château' })).toHaveAttribute('href', 'https://www.instagram.com/p/A/');
  });

  it('says why a return has no ticket', async () => {
    const router = renderPage(links(notSynced), '/social-networks?instagram=denied');
    expect(await screen.findByTestId('instagram-return-error')).toHaveTextContent('You did not allow access to Instagram');
    expect(router.state.location.search).toBe('');
  });

  it('shows an expired token and revokes after confirming', async () => {
    server.use(
      http.get('*/api/instagram/revoke', () => HttpResponse.json({ success: true, message: 'Instagram sync is turned off', instagramStatus: notSynced })),
    );
    renderPage(links({ ...synced, tokenExpired: true }));
    expect(await screen.findByTestId('instagram-expired')).toBeInTheDocument();
    expect(screen.queryByTestId('instagram-posts')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.getByTestId('instagram-status')).toHaveAttribute('data-state', 'not-synced'));
  });
});
