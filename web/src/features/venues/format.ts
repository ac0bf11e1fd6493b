import { intlLocale } from '@/lib/locales';

/** Bytes in the reader's locale and unit (5 MB, 812 kB). */
export function formatBytes(bytes: number, locale: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(mb);
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)));
}

/**
 * The share of each photo sent, from the share of the whole form: the
 * photos travel in order at the end of the multipart body, so each one's
 * bytes are a slice of it.
 */
export function perFileProgress(sent: number, sizes: readonly number[], otherBytes: number): number[] {
  const total = otherBytes + sizes.reduce((sum, size) => sum + size, 0);
  const bytes = sent * total;
  let offset = otherBytes;
  return sizes.map((size) => {
    const share = size === 0 ? 1 : (bytes - offset) / size;
    offset += size;
    return Math.min(1, Math.max(0, share));
  });
}

/** The key of a counted text: base_one or base_other, as the locale's plural rules choose (the texts have both). */
export function countKey(base: string, n: number, locale: string): string {
  return `${base}_${new Intl.PluralRules(locale).select(n) === 'one' ? 'one' : 'other'}`;
}
