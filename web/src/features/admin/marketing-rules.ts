/**
 * The server's rules for promotional alerts and popups (internal/admin/
 * marketing.go), checked before sending so a mistake shows at once. Each
 * rule returns the dictionary key of its message, or null.
 */
export const TITLE_MIN = 2;
export const TITLE_MAX = 120;
export const ALERT_DESCRIPTION_MAX = 1000;
export const POPUP_DESCRIPTION_MAX = 20000;
export const BUTTON_TEXT_MAX = 60;
export const LINK_MAX = 2000;

type Rule = (value: string) => string | null;

const hasSpaceOrControl = (value: string) =>
  [...value].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return /\s/.test(char) || char === '\\' || code < 0x20 || (code >= 0x7f && code < 0xa0);
  });

function isHttps(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A path of this site ("/credits", never "//elsewhere") or an https address. */
export function isLink(value: string): boolean {
  if (value.length > LINK_MAX || hasSpaceOrControl(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return isHttps(value);
}

export const titleRule: Rule = (value) => {
  const n = [...value.trim()].length;
  if (n === 0) return 'validation.required';
  return n < TITLE_MIN || n > TITLE_MAX ? 'admin.validation.title_length' : null;
};

export const descriptionRule =
  (max: number): Rule =>
  (value) => {
    const n = [...value.trim()].length;
    if (n === 0) return 'validation.required';
    return n > max ? 'admin.validation.description_too_long' : null;
  };

export const buttonTextRule: Rule = (value) => ([...value.trim()].length > BUTTON_TEXT_MAX ? 'admin.validation.button_text_too_long' : null);

export const linkRule: Rule = (value) => (value.trim() !== '' && !isLink(value.trim()) ? 'admin.validation.link_invalid' : null);

export const imageUrlRule: Rule = (value) => {
  const v = value.trim();
  return v !== '' && (v.length > LINK_MAX || hasSpaceOrControl(v) || !isHttps(v)) ? 'admin.validation.image_url_invalid' : null;
};

/** A button needs both its text and where it goes: the message for the empty one. */
export function buttonPairRule(text: string, link: string): { field: 'buttonText' | 'buttonLink'; key: string } | null {
  const hasText = text.trim() !== '';
  const hasLink = link.trim() !== '';
  if (hasText && !hasLink) return { field: 'buttonLink', key: 'validation.required' };
  if (hasLink && !hasText) return { field: 'buttonText', key: 'validation.required' };
  return null;
}
