import type { RuleCode } from '@/lib/validation/rules';

// A website as the server checks and saves it (internal/validate): the company's, the venue's.

/** A website, completed with https:// when it has no scheme, as the server saves it. */
export function completeWebsite(raw: string): string {
  const value = raw.trim();
  if (value === '' || value.includes('://')) return value;
  return `https://${value}`;
}

/** Empty is allowed; otherwise a parseable http(s) address with a dotted host. */
export function websiteRule(raw: string): RuleCode | null {
  const value = completeWebsite(raw);
  if (value === '') return null;
  if (value.length > 255) return 'validation.website_invalid';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'validation.website_invalid';
    if (!url.hostname.includes('.') || /[ _]/.test(url.hostname) || /[ _]/.test(value.split('://')[1]?.split('/')[0] ?? '')) {
      return 'validation.website_invalid';
    }
    return null;
  } catch {
    return 'validation.website_invalid';
  }
}
