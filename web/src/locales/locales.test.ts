import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_AREAS } from '@/lib/i18n';
import { SUPPORTED_LOCALES } from '@/lib/locales';

/**
 * DECISIONS.md: every interface text exists in all seven languages; a
 * missing key is a test failure, never a silent fallback.
 */
type Tree = { [key: string]: string | Tree };

const dir = join(process.cwd(), 'src', 'locales');
// The core file and one file per feature area (locales/<area>/<lang>.json).
const areas = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Tree;
const files = Object.fromEntries(
  SUPPORTED_LOCALES.map((locale) => [
    locale,
    Object.assign({}, read(join(dir, `${locale}.json`)), ...areas.map((area) => read(join(dir, area, `${locale}.json`)))) as Tree,
  ]),
);

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const flat = Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale, flatten(files[locale] as Tree)]));
const allKeys = [...new Set(SUPPORTED_LOCALES.flatMap((locale) => [...(flat[locale] as Map<string, unknown>).keys()]))].sort();

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('the locale files', () => {
  it('are exactly the seven languages', () => {
    const present = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''))
      .sort();
    expect(present).toEqual([...SUPPORTED_LOCALES].sort());
    for (const area of areas) {
      const inArea = readdirSync(join(dir, area)).map((name) => name.replace(/\.json$/, '')).sort();
      expect({ area, files: inArea }).toEqual({ area, files: [...SUPPORTED_LOCALES].sort() });
    }
  });

  // An area outside ROUTE_AREAS loads with the core texts, each in a chunk of
  // its own: three such areas took the sign-in page from 4 scripts in one wave
  // to 7, where the first page must come in one wave. Texts every page needs
  // go into the core file instead.
  it('are each a route area, loaded with its screens', () => {
    expect(areas.filter((area) => !(ROUTE_AREAS as readonly string[]).includes(area))).toEqual([]);
  });

  it('never define one namespace in two files', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const seen = new Map<string, string>();
      for (const file of [`${locale}.json`, ...areas.map((area) => join(area, `${locale}.json`))]) {
        for (const key of Object.keys(read(join(dir, file)))) {
          expect({ key, first: seen.get(key) ?? file }).toEqual({ key, first: file });
          seen.set(key, file);
        }
      }
    }
  });

  it.each(SUPPORTED_LOCALES)('%s has every key of the other six, each a non-empty string', (locale) => {
    const messages = flat[locale] as Map<string, unknown>;
    const missing = allKeys.filter((key) => !messages.has(key));
    const empty = allKeys.filter((key) => {
      const value = messages.get(key);
      return messages.has(key) && (typeof value !== 'string' || value.trim() === '');
    });
    expect({ missing, empty }).toEqual({ missing: [], empty: [] });
  });

  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'en'))('%s uses the same placeholders as English', (locale) => {
    const en = flat.en as Map<string, unknown>;
    const messages = flat[locale] as Map<string, unknown>;
    const mismatched = allKeys.filter(
      (key) => JSON.stringify(placeholders(String(en.get(key)))) !== JSON.stringify(placeholders(String(messages.get(key)))),
    );
    expect(mismatched).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'en'))('%s is a translation, not a copy of English', (locale) => {
    const en = flat.en as Map<string, unknown>;
    const messages = flat[locale] as Map<string, unknown>;
    const same = allKeys.filter((key) => en.get(key) === messages.get(key));
    // Brand words (Premium, Marketing, Badge...) may match; whole sentences may not.
    expect(same.length).toBeLessThan(allKeys.length * 0.15);
  });

  it('holds every key the source code uses', () => {
    const used = new Set<string>();
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const source = readFileSync(path, 'utf8');
          for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(match[1] ?? '');
          for (const match of source.matchAll(/(?:labelKey|crumb|error)\s*:\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1] ?? '');
          const prefixes = /'((?:menu|signin|validation|session|impersonation|register|resetPassword|resetRequest|account|security|passwordStrength|marketing|phone|terms|common|requests|creditsPage|subscription|admin)\.[\w.]*\w)'/g;
          for (const match of source.matchAll(prefixes)) {
            used.add(match[1] ?? '');
          }
        }
      }
    };
    walk(join(process.cwd(), 'src'));
    const en = flat.en as Map<string, unknown>;
    // t(key, { count }) reads i18next's plural forms, key_one and key_other.
    const exists = (key: string) => en.has(key) || (en.has(`${key}_one`) && en.has(`${key}_other`));
    expect([...used].filter((key) => !exists(key)).sort()).toEqual([]);
  });
});
