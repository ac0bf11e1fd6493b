import { describe, expect, it } from 'vitest';
import { parseVideoLink, thumbnailUrl } from '@/lib/video-link';

// The same cases as internal/media's rules: the dialog enables its button
// exactly when the server would accept the link.
describe('parseVideoLink', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ?si=abc  ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['http://vimeo.com/channels/staffpicks/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ])('accepts %s', (link, host, id) => {
    expect(parseVideoLink(link)).toEqual({ host, id });
  });

  it.each([
    '',
    'not a link',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ!',
    'https://www.youtube.com/channel/UC123',
    'https://youtu.be/',
    'https://vimeo.com/abc',
    'https://vimeo.com/user/76979871',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://user@youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://vimeo.com/76979871',
  ])('refuses %s', (link) => {
    expect(parseVideoLink(link)).toBeNull();
  });

  it('gives YouTube stills and none for Vimeo', () => {
    expect(thumbnailUrl('youtube', 'dQw4w9WgXcQ')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(thumbnailUrl('vimeo', '76979871')).toBeNull();
  });
});
