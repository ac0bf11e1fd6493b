/**
 * The video hosts the server accepts (internal/media/videos.go); the videos
 * page and the venue wizard share these rules.
 */
export type VideoHost = 'youtube' | 'vimeo';

export interface ParsedVideoLink {
  host: VideoHost;
  id: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const YOUTUBE_PATH_KINDS = new Set(['shorts', 'embed', 'live', 'v']);

/**
 * Recognises a YouTube watch, short, embed or live link, a youtu.be link, or
 * a Vimeo numeric link, as the server does (media.ParseVideoLink): the dialog
 * and the server agree on what is valid, so the button is enabled exactly
 * when the server would accept the link. A link without scheme is https.
 */
export function parseVideoLink(raw: string): ParsedVideoLink | null {
  let text = raw.trim();
  if (text === '' || text.length > 500 || /\s/.test(text)) return null;
  if (!text.includes('://')) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null;
  const hostname = url.hostname.toLowerCase();
  const parts = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
  let host: VideoHost;
  let id = '';
  if (YOUTUBE_HOSTS.has(hostname)) {
    host = 'youtube';
    if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v') ?? '';
    else if (parts.length === 2 && YOUTUBE_PATH_KINDS.has(parts[0]!)) id = parts[1]!;
  } else if (hostname === 'youtu.be') {
    host = 'youtube';
    if (parts.length === 1) id = parts[0]!;
  } else if (hostname === 'youtube-nocookie.com' || hostname === 'www.youtube-nocookie.com') {
    host = 'youtube';
    if (parts.length === 2 && parts[0] === 'embed') id = parts[1]!;
  } else if (hostname === 'vimeo.com' || hostname === 'www.vimeo.com') {
    host = 'vimeo';
    if (parts.length === 1 || (parts.length === 3 && parts[0] === 'channels')) id = parts[parts.length - 1]!;
  } else if (hostname === 'player.vimeo.com') {
    host = 'vimeo';
    if (parts.length === 2 && parts[0] === 'video') id = parts[1]!;
  } else {
    return null;
  }
  const valid = host === 'youtube' ? YOUTUBE_ID.test(id) : VIMEO_ID.test(id);
  return valid ? { host, id } : null;
}

/** The host's name as it is written. */
export const HOST_NAMES: Record<VideoHost, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * The still of a video the back-office may show. YouTube serves its stills
 * at a fixed address (allowed by the back-office's img-src https:); Vimeo
 * needs an API call for one, so a Vimeo video gets the styled placeholder.
 */
export function thumbnailUrl(host: VideoHost, id: string): string | null {
  return host === 'youtube' ? `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg` : null;
}

/** Part 2 §5: at least 5 characters after trimming, at most 100 (the server's limits). */
export const VIDEO_TITLE_MIN = 5;
export const VIDEO_TITLE_MAX = 100;
export const VIDEO_DESCRIPTION_MAX = 1000;
