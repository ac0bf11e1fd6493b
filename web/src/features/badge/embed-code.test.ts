import { describe, expect, it } from 'vitest';
import { badgePath, badgeTarget, embedCode } from '@/features/badge/embed-code';

describe('the badge embed code', () => {
  it('reads the public profile URL', () => {
    expect(badgeTarget('https://www.noces.fr/p/atelier-lumiere')).toEqual({
      profileUrl: 'https://www.noces.fr/p/atelier-lumiere',
      origin: 'https://www.noces.fr',
      slug: 'atelier-lumiere',
    });
    expect(badgeTarget(null)).toBeNull();
    expect(badgeTarget('not a url')).toBeNull();
    expect(badgeTarget('https://www.noces.fr/v/chateau')).toBeNull();
  });

  it('links to the profile around the image of the chosen theme and size', () => {
    const target = badgeTarget('http://fr.localhost:8080/p/atelier-lumiere')!;
    expect(embedCode(target, 'black', 'big', 'Recommended on "Noces" & co')).toBe(
      '<a href="http://fr.localhost:8080/p/atelier-lumiere" target="_blank" rel="noopener">' +
        '<img src="http://fr.localhost:8080/badge/atelier-lumiere.svg?theme=black&amp;size=big" alt="Recommended on &quot;Noces&quot; &amp; co" width="240" style="height:auto;border:0"></a>',
    );
    expect(badgePath('a b', 'white', 'little')).toBe('/badge/a%20b.svg?theme=white&size=little');
  });
});
