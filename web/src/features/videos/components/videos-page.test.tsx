import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VideoList } from '@/features/videos/api/get-videos';
import { VideosPage } from '@/features/videos/components/videos-page';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderSignedIn } from '@/test/render-page';

const youtube = {
  id: 'v1',
  title: 'Mariage au château',
  description: 'Le film de la journée.',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  host: 'youtube' as const,
  videoId: 'dQw4w9WgXcQ',
  embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  isVisible: true,
  createdAt: '2026-05-02T10:00:00Z',
};
const vimeo = { ...youtube, id: 'v2', title: 'Cérémonie laïque', host: 'vimeo' as const, videoId: '76979871', url: 'https://vimeo.com/76979871', isVisible: false };

let list: VideoList = { videos: [youtube], videoCount: 1, freePlanQuota: 1, isPremium: true, canAddMore: true };

beforeEach(() => {
  list = { videos: [youtube], videoCount: 1, freePlanQuota: 1, isPremium: true, canAddMore: true };
  server.use(
    http.get('*/api/videos', () => HttpResponse.json(list)),
    http.get('*/api/me', () => HttpResponse.json(makeUser({ hasVideos: true }))),
  );
});

describe('the videos page', () => {
  it('lists each video with its still, or the host name for Vimeo, and a public link for the visible ones', async () => {
    list = { ...list, videos: [youtube, vimeo], videoCount: 2 };
    renderSignedIn(<VideosPage />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const img = cards[0]!.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(within(cards[0]!).getByTestId('video-public-link')).toHaveAttribute('href', 'http://fr.localhost/p/camille-martin/videos/v1');
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(within(cards[1]!).getByText('Vimeo')).toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('video-public-link')).toBeNull();
    expect(within(cards[1]!).getByText('Couples do not see this video')).toBeInTheDocument();
  });

  it('shows the placeholder when the still cannot load', async () => {
    renderSignedIn(<VideosPage />);
    const card = await screen.findByRole('article');
    fireEvent.error(card.querySelector('img')!);
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByText('YouTube')).toBeInTheDocument();
  });

  it('enables the add button only once the title has 5 characters after trimming and the link is a video', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/videos', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ video: { ...youtube, id: 'v9', title: 'Notre plus beau mariage' } }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderSignedIn(<VideosPage />);
    await user.click(await screen.findByRole('button', { name: 'Add a video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a video' });
    const submit = within(dialog).getByRole('button', { name: 'Add the video' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Title/), '  Abcd   ');
    await user.type(within(dialog).getByLabelText(/^YouTube or Vimeo link/), 'https://vimeo.com/abc');
    await user.tab();
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('The title must have at least 5 characters')).toBeInTheDocument();
    expect(within(dialog).getByText(/Enter a YouTube link/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.type(within(dialog).getByLabelText(/^Title/), ' Notre plus beau mariage ');
    await user.clear(within(dialog).getByLabelText(/^YouTube or Vimeo link/));
    await user.type(within(dialog).getByLabelText(/^YouTube or Vimeo link/), 'youtu.be/dQw4w9WgXcQ');
    expect(within(dialog).getByText('YouTube video recognised')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.click(within(dialog).getByRole('switch', { name: 'Show on my public profile' }));
    await user.click(submit);
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Video added');
    expect(body).toEqual({ title: 'Notre plus beau mariage', link: 'youtu.be/dQw4w9WgXcQ', description: '', status: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Typing key by key into MUI fields is slow on a busy machine.
  }, 30_000);

  it("puts the server's refusal under its field and keeps the dialog open", async () => {
    server.use(
      http.post('*/api/videos', () =>
        HttpResponse.json(
          { error: 'errors.validation', message: 'Some fields are not valid.', fields: { link: 'videos.errors.invalid_url' } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSignedIn(<VideosPage />);
    await user.click(await screen.findByRole('button', { name: 'Add a video' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Title/), 'Un beau film');
    await user.type(within(dialog).getByLabelText(/^YouTube or Vimeo link/), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(within(dialog).getByRole('button', { name: 'Add the video' }));
    expect(await within(dialog).findByText(/Enter a YouTube link/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^YouTube or Vimeo link/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('at the free quota hides the add button and links to the subscription', async () => {
    list = { ...list, isPremium: false, canAddMore: false };
    const user = userEvent.setup();
    const { router } = renderSignedIn(<VideosPage />);
    const quota = await screen.findByTestId('video-quota');
    expect(quota).toHaveTextContent('The free plan includes 1 video.');
    expect(screen.queryByRole('button', { name: 'Add a video' })).toBeNull();
    await user.click(within(quota).getByRole('link', { name: 'Go premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('shows an empty state with the add button', async () => {
    list = { ...list, videos: [], videoCount: 0 };
    renderSignedIn(<VideosPage />);
    expect(await screen.findByText('No video yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add a video' })).toHaveLength(2);
  });

  it('changes the visibility, and deletes only after the confirmation', async () => {
    const calls: string[] = [];
    server.use(
      http.patch('*/api/videos/:id/visibility', async ({ params, request }) => {
        calls.push(`patch ${String(params.id)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ isVisible: false });
      }),
      http.delete('*/api/videos/:id', ({ params }) => {
        calls.push(`delete ${String(params.id)}`);
        list = { ...list, videos: [], videoCount: 0 };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderSignedIn(<VideosPage />);
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('switch', { name: 'Visible on your profile' }));
    await waitFor(() => expect(calls).toEqual(['patch v1 {"isVisible":false}']));
    await user.click(within(card).getByRole('button', { name: 'Delete the video “Mariage au château”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this video?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Delete the video “Mariage au château”' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No video yet')).toBeInTheDocument();
    expect(calls).toEqual(['patch v1 {"isVisible":false}', 'delete v1']);
  });
});
