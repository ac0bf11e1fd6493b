/**
 * The portrait's HTML rules on the client, the same as the server's
 * (internal/media/text.go SanitizeRich): runs of empty paragraphs become
 * one, empty paragraphs at either end go, and a section without a letter
 * or a digit is empty.
 */
const EMPTY_RUN = /(?:<p>(?:\s|&nbsp;|&#160;|<br\s*\/?>)*<\/p>\s*)+/g;
const EMPTY_P = '<p></p>';

/** Part 2 §5: at most 5000 characters of text per section (the server's limit). */
export const PORTRAIT_MAX_TEXT = 5000;

/** The four sections, in the form's order (media.PortraitSections). */
export const PORTRAIT_SECTIONS = ['portrait', 'experience', 'service', 'benefits'] as const;
export type PortraitSection = (typeof PORTRAIT_SECTIONS)[number];

export function collapseEmptyParagraphs(html: string): string {
  let out = html.replace(/\n{3,}/g, '\n\n').replace(EMPTY_RUN, EMPTY_P);
  for (;;) {
    let next = out.trim();
    if (next.startsWith(EMPTY_P)) next = next.slice(EMPTY_P.length).trim();
    if (next.endsWith(EMPTY_P)) next = next.slice(0, -EMPTY_P.length).trim();
    if (next === out) break;
    out = next;
  }
  return hasWords(plainText(out)) ? out : '';
}

/** The text of the editor's HTML, one line per block (for counting and emptiness). */
export function plainText(html: string): string {
  const withBreaks = html.replace(/<\/p>|<br\s*\/?>|<\/li>|<\/ul>|<\/ol>/gi, '\n').replace(/<[^>]*>/g, '');
  const decoded = withBreaks
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return decoded.trim();
}

/** Whether a text has a letter or a digit: a section of spaces and dots is empty. */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
