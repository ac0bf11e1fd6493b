import { describe, expect, it } from 'vitest';
import { buttonPairRule, descriptionRule, imageUrlRule, isLink, linkRule, titleRule } from '@/features/admin/marketing-rules';

describe('the promotional message rules', () => {
  it.each([
    ['/credits', true],
    ['/subscription?plan=year', true],
    ['https://noces.example/offre', true],
    ['//evil.example', false],
    ['http://noces.example', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@noces.example', false],
    ['/a b', false],
    ['credits', false],
  ])('accepts %s as a button link: %s', (value, ok) => {
    expect(isLink(value)).toBe(ok);
  });

  it('checks the title length like the server', () => {
    expect(titleRule('  ')).toBe('validation.required');
    expect(titleRule('a')).toBe('admin.validation.title_length');
    expect(titleRule('ab')).toBeNull();
    expect(titleRule('x'.repeat(121))).toBe('admin.validation.title_length');
  });

  it('needs a description within its bound', () => {
    expect(descriptionRule(10)('')).toBe('validation.required');
    expect(descriptionRule(10)('x'.repeat(11))).toBe('admin.validation.description_too_long');
    expect(descriptionRule(10)('ok')).toBeNull();
  });

  it('wants an https image and a well-formed link, or nothing', () => {
    expect(imageUrlRule('')).toBeNull();
    expect(imageUrlRule('http://img.example/a.png')).toBe('admin.validation.image_url_invalid');
    expect(imageUrlRule('https://img.example/a.png')).toBeNull();
    expect(linkRule('')).toBeNull();
    expect(linkRule('ftp://x')).toBe('admin.validation.link_invalid');
  });

  it('asks for the missing half of a button', () => {
    expect(buttonPairRule('Go', '')).toEqual({ field: 'buttonLink', key: 'validation.required' });
    expect(buttonPairRule('', '/credits')).toEqual({ field: 'buttonText', key: 'validation.required' });
    expect(buttonPairRule('', '')).toBeNull();
    expect(buttonPairRule('Go', '/credits')).toBeNull();
  });
});
