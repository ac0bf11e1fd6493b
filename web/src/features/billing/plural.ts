/**
 * Picks the singular or the plural key by the language's own rule (French
 * says "0 crédit", English "0 credits"). Two explicit keys rather than
 * i18next's suffixes, so every key the code uses is written out in it.
 */
export function plural(locale: string, count: number, one: string, other: string): string {
  return new Intl.PluralRules(locale).select(count) === 'one' ? one : other;
}
