import { describe, expect, it } from 'vitest';
import { collapseEmptyParagraphs, hasWords, plainText } from '@/features/portrait/rich-text';

// The same rules as internal/media's SanitizeRich, so what the editor sends
// is what the server keeps.
describe('collapseEmptyParagraphs', () => {
  it.each([
    ['<p>a</p><p></p><p></p><p></p><p>b</p>', '<p>a</p><p></p><p>b</p>'],
    ['<p>a</p><p> </p><p>&nbsp;</p><p><br></p><p>b</p>', '<p>a</p><p></p><p>b</p>'],
    ['<p></p><p></p><p>a</p><p></p>', '<p>a</p>'],
    ['<p><strong>Bold</strong></p><ul><li><p>one</p></li></ul>', '<p><strong>Bold</strong></p><ul><li><p>one</p></li></ul>'],
    ['<p></p>', ''],
    ['<p> . , </p><p></p>', ''],
    ['', ''],
  ])('%s -> %s', (input, output) => {
    expect(collapseEmptyParagraphs(input)).toBe(output);
  });

  it('reads the text of the HTML, one line per block', () => {
    expect(plainText('<p>Un &amp; deux</p><ul><li><p>trois</p></li></ul>')).toBe('Un & deux\ntrois');
    expect(hasWords('…  ')).toBe(false);
    expect(hasWords('É')).toBe(true);
  });
});
