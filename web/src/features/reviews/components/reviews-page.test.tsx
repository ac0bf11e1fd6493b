import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewPage } from '@/features/reviews/api/list-reviews';
import { ReviewsPage } from '@/features/reviews/components/reviews-page';
import { server } from '@/test/msw-server';
import { renderSignedIn } from '@/test/render-page';

const FORM_URL = 'http://fr.localhost/review/tok-123';

function review(i: number) {
  return {
    id: `r${i}`,
    title: `Review ${i}`,
    rating: 5 - (i % 2),
    description: `Thanks for everything, ${i}`,
    reviewerName: `Couple ${i}`,
    reviewerType: 'couple',
    weddingDate: '2025-06-14',
    imageName: null,
    createdAt: '2026-03-01T10:00:00Z',
    verified: i === 1,
    reply: i === 2 ? 'Thank you both!' : '',
    repliedAt: i === 2 ? '2026-03-02T10:00:00Z' : null,
    replyHidden: i === 2,
  };
}

let pages: Record<string, ReviewPage>;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  pages = {
    '1': { items: Array.from({ length: 10 }, (_, i) => review(i + 1)), pages: 2, total: 12, average: 4.5, reviewFormUrl: FORM_URL },
    '2': { items: [review(11), review(12)], pages: 2, total: 12, average: 4.5, reviewFormUrl: FORM_URL },
  };
  server.use(
    http.get('*/api/reviews', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(`page=${q.get('page')}&limit=${q.get('limit')}`);
      return HttpResponse.json(pages[q.get('page') ?? '1'] ?? null);
    }),
  );
});

describe('the reviews page', () => {
  it('shows the average, the count, the newest ten and the next page', async () => {
    const user = userEvent.setup();
    window.scrollTo = vi.fn();
    renderSignedIn(<ReviewsPage companyName="Atelier Lumière" />);
    const summary = await screen.findByTestId('reviews-summary');
    expect(summary).toHaveTextContent('4.5');
    expect(summary).toHaveTextContent('Average 4.5 out of 5, from 12 reviews');
    const items = screen.getAllByTestId('review');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('Review 1');
    expect(within(items[0]!).getByText('Rated 4 out of 5')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Couple 1, couple · Wedding in June 2025 · Posted on 1 March 2026');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(2));
    expect(asked).toEqual(['page=1&limit=10', 'page=2&limit=10']);
  });

  it('gives the review link to copy and a QR code card to print', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const print = vi.fn();
    window.print = print;
    renderSignedIn(<ReviewsPage companyName="Atelier Lumière" />);
    const card = await screen.findByTestId('review-link');
    expect(within(card).getByLabelText('Review link')).toHaveValue(FORM_URL);
    const qr = within(card).getByTestId('review-qr-card');
    expect(qr).toHaveTextContent('Atelier Lumière');
    expect(within(qr).getByRole('img', { name: 'QR code of your review link' }).querySelectorAll('path').length).toBeGreaterThan(0);
    await user.click(within(card).getByRole('button', { name: 'Copy the link' }));
    expect(writeText).toHaveBeenCalledWith(FORM_URL);
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Review link copied');
    await user.click(within(card).getByRole('button', { name: 'Print the card' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says how to get the first review when there is none', async () => {
    pages = { '1': { items: [], pages: 0, total: 0, average: 0, reviewFormUrl: FORM_URL } };
    renderSignedIn(<ReviewsPage />);
    const empty = await screen.findByTestId('reviews-empty');
    expect(empty).toHaveTextContent('No review yet');
    expect(empty).toHaveTextContent('Send it to the couples whose wedding you organised');
    expect(screen.queryByTestId('reviews-summary')).toBeNull();
    // Without the company's name the card carries the planner's.
    expect(screen.getByTestId('review-qr-card')).toHaveTextContent('Camille Martin');
  });

  it('offers a retry when the reviews cannot load', async () => {
    server.use(http.get('*/api/reviews', () => HttpResponse.json({ error: 'errors.internal', message: 'x' }, { status: 500 })));
    renderSignedIn(<ReviewsPage />);
    expect(await screen.findByText('Your reviews could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('marks a verified booking and publishes, shows and deletes a reply', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let deleted = 0;
    server.use(
      http.put('*/api/reviews/r1/reply', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...review(1), reply: 'Merci !', repliedAt: '2026-03-03T10:00:00Z' });
      }),
      http.delete('*/api/reviews/r2/reply', () => {
        deleted++;
        return HttpResponse.json({ ...review(2), reply: '', repliedAt: null, replyHidden: false });
      }),
    );
    renderSignedIn(<ReviewsPage />);
    const items = await screen.findAllByTestId('review');
    expect(within(items[0]!).getByTestId('review-verified')).toHaveTextContent('Verified booking');
    expect(within(items[1]!).queryByTestId('review-verified')).toBeNull();
    // A hidden reply says so.
    expect(within(items[1]!).getByTestId('review-reply')).toHaveTextContent('Thank you both!');
    expect(within(items[1]!).getByTestId('reply-hidden')).toHaveTextContent('Our team hid this reply');

    await user.click(within(items[0]!).getByRole('button', { name: 'Reply' }));
    const publish = within(items[0]!).getByRole('button', { name: 'Publish reply' });
    expect(publish).toBeDisabled();
    const input = within(items[0]!).getByLabelText('Your reply');
    await user.type(input, 'Merci !');
    await user.click(publish);
    await waitFor(() => expect(sent).toEqual([{ reply: 'Merci !' }]));
    expect(await screen.findByText('Reply published')).toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: 'Delete reply' }));
    await waitFor(() => expect(deleted).toBe(1));
  });

  it('refuses a reply over 2,000 characters before sending it', async () => {
    const user = userEvent.setup();
    renderSignedIn(<ReviewsPage />);
    const items = await screen.findAllByTestId('review');
    await user.click(within(items[0]!).getByRole('button', { name: 'Reply' }));
    const input = within(items[0]!).getByLabelText('Your reply');
    await user.click(input);
    await user.paste('a'.repeat(2001));
    expect(within(items[0]!).getByText(/2,000 characters at most/)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: 'Publish reply' })).toBeDisabled();
  });
});
