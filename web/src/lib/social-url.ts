/**
 * The profile address rules of the six networks, the same as the server's
 * (internal/media/social.go NormaliseSocial): both run the cases of
 * social-cases.json. The server decides; this tells the user before sending.
 */
export const NETWORKS = ['facebook', 'instagram', 'twitter', 'tiktok', 'linkedin', 'pinterest'] as const;
export type Network = (typeof NETWORKS)[number];

const facebookName = /^[A-Za-z0-9.-]{5,50}$/;
const instagramName = /^[A-Za-z0-9._]{1,30}$/;
const twitterName = /^[A-Za-z0-9_]{1,15}$/;
const tiktokName = /^@[A-Za-z0-9._]{2,24}$/;
const linkedinName = /^[A-Za-z0-9\-_%]{3,100}$/;
const pinterestName = /^[A-Za-z0-9_]{3,30}$/;
const digits = /^[0-9]{5,20}$/;

/** First path segments that are pages of a network, not profiles. */
const RESERVED = new Set([
  'login', 'signup', 'share', 'sharer', 'home', 'explore', 'search', 'p', 'reel', 'reels', 'stories', 'watch', 'groups', 'events',
  'pages', 'hashtag', 'intent', 'i', 'settings', 'about', 'help', 'pin', 'ideas', 'profile.php', 'tag', 'discover', 'feed',
  'messages', 'notifications',
]);

type Profile = (parts: string[], query: URLSearchParams) => string;

const oneName =
  (re: RegExp): Profile =>
  (parts) => {
    const [name] = parts;
    return parts.length === 1 && name !== undefined && re.test(name) && !RESERVED.has(name.toLowerCase()) ? `/${name}` : '';
  };

interface Rules {
  hosts: readonly string[];
  base: string;
  profile: Profile;
}

const PINTEREST_HOSTS = [
  'pinterest.com', 'www.pinterest.com', 'pinterest.fr', 'www.pinterest.fr', 'fr.pinterest.com', 'pinterest.de', 'www.pinterest.de',
  'de.pinterest.com', 'pinterest.es', 'www.pinterest.es', 'es.pinterest.com', 'pinterest.it', 'www.pinterest.it', 'it.pinterest.com',
  'pinterest.pt', 'www.pinterest.pt', 'pt.pinterest.com', 'pinterest.co.uk', 'www.pinterest.co.uk', 'uk.pinterest.com',
  'nl.pinterest.com', 'pinterest.nl', 'www.pinterest.nl',
];

const RULES: Record<Network, Rules> = {
  facebook: {
    hosts: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'web.facebook.com', 'fb.com', 'www.fb.com'],
    base: 'https://www.facebook.com',
    profile: (parts, query) => {
      const id = query.get('id') ?? '';
      if (parts.length === 1 && parts[0] === 'profile.php' && digits.test(id)) return `/profile.php?id=${id}`;
      return oneName(facebookName)(parts, query);
    },
  },
  instagram: { hosts: ['instagram.com', 'www.instagram.com'], base: 'https://www.instagram.com', profile: oneName(instagramName) },
  twitter: {
    hosts: ['twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'x.com', 'www.x.com'],
    base: 'https://x.com',
    profile: oneName(twitterName),
  },
  tiktok: { hosts: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com'], base: 'https://www.tiktok.com', profile: oneName(tiktokName) },
  linkedin: {
    hosts: ['linkedin.com', 'www.linkedin.com'],
    base: 'https://www.linkedin.com',
    profile: ([kind, name, ...rest]) =>
      rest.length === 0 && (kind === 'in' || kind === 'company') && name !== undefined && linkedinName.test(name) ? `/${kind}/${name}` : '',
  },
  pinterest: { hosts: PINTEREST_HOSTS, base: 'https://www.pinterest.com', profile: oneName(pinterestName) },
};

export type SocialCheck = { ok: true; value: string } | { ok: false };

/** Checks raw as a profile address of network: its canonical https form, '' for empty, or not ok. */
export function normaliseSocial(network: Network, raw: string): SocialCheck {
  let text = raw.trim();
  if (text === '') return { ok: true, value: '' };
  const rules = RULES[network];
  if (text.length > 300 || /[ \t\r\n<>"']/.test(text)) return { ok: false };
  if (!text.includes('://')) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return { ok: false };
  if (network === 'linkedin' && url.protocol !== 'https:') return { ok: false };
  const host = url.hostname.toLowerCase();
  let hostOK = rules.hosts.includes(host);
  if (network === 'linkedin' && !hostOK && host.endsWith('.linkedin.com')) {
    hostOK = host.slice(0, -'.linkedin.com'.length).length === 2;
  }
  if (!hostOK) return { ok: false };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false };
  }
  path = path.replace(/^\/+|\/+$/g, '');
  if (path === '') return { ok: false };
  const profile = rules.profile(path.split('/'), url.searchParams);
  return profile ? { ok: true, value: rules.base + profile } : { ok: false };
}
