/** The four badges: white or black, little or big (internal/site/badge.go). */
export const BADGE_THEMES = ['white', 'black'] as const;
export const BADGE_SIZES = ['little', 'big'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];
export type BadgeSize = (typeof BADGE_SIZES)[number];

/** The drawn width of each size, in CSS pixels; the height grows once reviews show. */
export const BADGE_WIDTHS: Record<BadgeSize, number> = { little: 184, big: 240 };

export interface BadgeTarget {
  /** The public profile, where the badge links. */
  profileUrl: string;
  /** The public host's origin, which serves the badge image. */
  origin: string;
  slug: string;
}

/** Reads the public profile URL of /api/me (…/p/{slug}); null when there is none or it has another shape. */
export function badgeTarget(publicUrl: string | null | undefined): BadgeTarget | null {
  if (!publicUrl) return null;
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return null;
  }
  const match = /^\/p\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  return { profileUrl: url.href, origin: url.origin, slug: decodeURIComponent(match[1]) };
}

/** The badge image's path and query, the same on every host. */
export function badgePath(slug: string, theme: BadgeTheme, size: BadgeSize): string {
  return `/badge/${encodeURIComponent(slug)}.svg?theme=${theme}&size=${size}`;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The HTML a planner pastes on their site: a link to the public profile
 * around the badge image (a plain followed link: the backlink is the point).
 */
export function embedCode(target: BadgeTarget, theme: BadgeTheme, size: BadgeSize, alt: string): string {
  const src = target.origin + badgePath(target.slug, theme, size);
  return `<a href="${escapeHtml(target.profileUrl)}" target="_blank" rel="noopener"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${BADGE_WIDTHS[size]}" style="height:auto;border:0"></a>`;
}
