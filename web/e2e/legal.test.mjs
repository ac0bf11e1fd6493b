// The legal pages against the real binary: from the registration page a
// professional opens the terms of use and the privacy policy in new tabs
// (the form keeps what was typed), in the interface language; on the public
// directory of two domains, every page's footer leads to the five legal
// pages, each in its domain's language with the others listed. Every screen
// passes axe and is shot at 390 and 1440 px.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { journey, shot, useServer, WIDTHS } from './harness.mjs';

const T = { timeout: 180_000 };

const server = useServer();

/** Fails when the page scrolls sideways on a phone, then gives the page its width back. */
async function fitsAPhone(page) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: WIDTHS.mobile, height: 900 });
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `${page.url()} is ${scroll} px wide on a ${client} px screen`);
  if (original) await page.setViewportSize(original);
}

describe('the legal pages', () => {
  it('opens the terms and the privacy policy from the registration page without losing the form', T, () =>
    journey({ locale: 'fr-FR' }, async (page) => {
      const port = new URL(server.baseURL).port;
      await page.goto(`http://pro.fr.localhost:${port}/register`);
      await page.getByLabel(/^Prénom/).fill('Camille');

      const [terms] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: /conditions d'utilisation/i }).click(),
      ]);
      await terms.waitForLoadState();
      await terms.getByRole('heading', { level: 1, name: "Conditions générales d'utilisation pour les professionnels" }).waitFor();
      assert.match(await terms.getByText(/^Mise à jour : \d+ \w+ \d{4}$/).textContent(), /2026/);
      assert.ok(await terms.getByRole('heading', { level: 2, name: '4. Demandes, crédits et premium' }).isVisible());
      assert.equal(await terms.getByText('Coming soon').count(), 0);
      await shot(terms, 'legal-app-terms');
      await fitsAPhone(terms);

      // The interface language switches the text: the same domain's terms, in English.
      await terms.getByTestId('language-button').click();
      await terms.getByRole('menuitem', { name: /English/ }).click();
      await terms.getByRole('heading', { level: 1, name: 'Terms of use for professionals' }).waitFor();
      await terms.close();

      const [privacy] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: /privacy policy|politique de confidentialité/i }).click(),
      ]);
      await privacy.waitForLoadState();
      await privacy.getByRole('heading', { level: 1, name: /Privacy policy|Politique de confidentialité/ }).waitFor();
      assert.ok(await privacy.getByText('Stripe Payments Europe', { exact: false }).first().isVisible());
      await shot(privacy, 'legal-app-privacy');
      await privacy.close();

      assert.equal(await page.getByLabel(/^Prénom|^First name/).inputValue(), 'Camille');
      assert.equal(await page.getByRole('checkbox', { name: /conditions|terms/i }).isChecked(), false);
    }));

  for (const [domain, titles] of [
    [
      'fr',
      {
        terms: "Conditions générales d'utilisation pour les professionnels",
        privacy: 'Politique de confidentialité',
        cookies: 'Cookies',
        imprint: 'Mentions légales',
        ranking: 'Comment fonctionne le classement',
      },
    ],
    [
      'de',
      {
        terms: 'Nutzungsbedingungen für Dienstleister',
        privacy: 'Datenschutzerklärung',
        cookies: 'Cookies',
        imprint: 'Impressum',
        ranking: 'So funktioniert das Ranking',
      },
    ],
  ]) {
    it(`leads from the footer of ${domain}.localhost to each legal page in its language`, T, () =>
      journey({ locale: 'en-GB' }, async (page) => {
        const base = `http://${domain}.localhost:${new URL(server.baseURL).port}`;
        for (const [slug, title] of Object.entries(titles)) {
          await page.goto(`${base}/search`);
          const footer = page.locator('footer');
          await footer.locator(`a[href="/legal/${slug}"]`).click();
          await page.waitForURL(`${base}/legal/${slug}`);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          assert.equal(await page.locator('html').getAttribute('lang'), domain);
          assert.equal(await page.locator('link[rel=canonical]').getAttribute('href'), `${base}/legal/${slug}`);
          const others = page.locator('#legal-others + ul a');
          assert.equal(await others.count(), 4);
          assert.equal(await page.locator('script').count(), 0);
          await shot(page, `legal-${domain}-${slug}`);
          await fitsAPhone(page);
        }
      }));
  }
});
