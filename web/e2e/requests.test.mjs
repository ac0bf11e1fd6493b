// The event request screens (part 2 §2, /event-requests and /event-requests/{uuid})
// against the real binary with the demo data: planner@noces.test has 3 credits
// and 4 new requests (and a fifth, older, whose credit came back). The new-request popup after sign-in, the list at 1440 and
// 390 px, a request unlocked (3 credits, then 2), another rejected with a
// reason, the leave prompt, a couple's new request placed on the map of the
// configured tile server, a premium planner's contacts; axe on every screen.
// Runs on its own server: it spends a credit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiMe, apiTokens, checkA11y, journey as harnessJourney, login, pngImage, shot, useServer, waitForOutbox, WIDTHS } from './harness.mjs';

// The map's tile server is configuration; the browser gets its tiles from a route below, never the internet.
const TILES = 'https://tile.example/{z}/{x}/{y}.png';

// Axe runs about 12 times: allow for a busy machine.
const T = { timeout: 180_000 };
const PLANNER = 'planner@noces.test';

// The public form's anti-spam token, taken early: a project may be sent 3 s after it.
let formToken;

const server = useServer({
  env: { NOCES_MAP_TILES_URL: TILES },
  setUp: async ({ baseURL }) => {
    formToken = (await (await fetch(`${baseURL}/api/public/options`)).json()).formToken;
  },
});

/** A journey whose failing step says which, well before the test's own timeout. */
const journey = (options, fn) => harnessJourney({ stepTimeout: 15_000, ...options }, fn);

const mainMenu = (page) => page.getByRole('navigation', { name: /menu principal/i });
const snackbar = (page) => page.getByTestId('snackbar');

/** Polls `read` until it returns `expected` (the list refreshes in the background), then asserts it. */
async function eventually(read, expected, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  assert.deepEqual(value, expected);
}

async function credits(page, email = PLANNER) {
  const { token } = await apiTokens(page.request, server.baseURL, email);
  return (await apiMe(page.request, server.baseURL, token)).credits;
}

describe('the event requests of a free planner', () => {
  it('popup, list, unlock (3 credits, then 2), reject with a reason, leave prompt', T, () =>
    journey({}, async (page) => {
      // After sign-in the dashboard presents the newest request, without blocking the page.
      await login(page, server.baseURL, PLANNER);
      const popup = page.getByRole('dialog', { name: 'Vous avez 4 nouvelles demandes' });
      await popup.waitFor();
      await popup.getByTestId('popup-request').getByText('Mariage · Organisation complète').waitFor();
      await shot(page, 'requests-popup');
      await popup.getByRole('button', { name: 'Plus tard' }).click();
      await popup.waitFor({ state: 'detached' });

      // The list: a data grid at 1440 (cards at 390), four unseen requests, the premium banner.
      await mainMenu(page).getByRole('link', { name: 'Demandes' }).click();
      await page.waitForURL('**/event-requests');
      await page.getByRole('heading', { level: 1, name: "Demandes d'événement" }).waitFor();
      const grid = page.getByRole('grid', { name: "Vos demandes d'événement" });
      await grid.waitFor();
      await eventually(() => grid.getByTestId('unseen-dot').count(), 4);
      // The count is the couples' unread messages, not the unseen requests: none yet.
      assert.equal(await page.getByTestId('unread-count').count(), 0);
      await page.getByTestId('premium-banner').getByRole('link', { name: 'Découvrir Premium' }).waitFor();
      const crumbs = await page.getByRole('navigation', { name: "Fil d'Ariane" }).innerText();
      assert.match(crumbs, /Tableau de bord[\s\S]*Demandes/);
      await shot(page, 'requests-list');
      await grid.waitFor();

      // Open the newest request: locked, contact hidden.
      await grid.getByRole('link').first().click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      const contact = page.getByTestId('contact-card');
      await contact.getByText('Masqué jusqu\'au déblocage').first().waitFor();
      await page.getByTestId('client-message').getByText(/esprit champêtre/).waitFor();
      assert.match(await page.getByTestId('request-address').innerText(), /69005 Lyon/);
      // A locked request is shot with its map below; here axe at this width suffices.
      await checkA11y(page);

      // Unlock: the confirmation shows 3 credits, then 2.
      await contact.getByRole('button', { name: 'Débloquer' }).click();
      const confirm = page.getByRole('dialog', { name: 'Débloquer cette demande ?' });
      await confirm.waitFor();
      assert.match(await confirm.getByTestId('unlock-balance').innerText(), /Vos crédits\s*3\s*Après déblocage\s*2/);
      await checkA11y(page);
      await confirm.getByRole('button', { name: 'Débloquer pour 1 crédit' }).click();
      await contact.getByRole('link', { name: 'ines.moreau@example.com' }).waitFor();
      await contact.getByRole('link', { name: '+33 6 11 22 33 44' }).waitFor();
      await snackbar(page).getByText('Demande débloquée : vous pouvez maintenant contacter Inès.').waitFor();
      await page.getByTestId('credit-chip').getByText('Crédits : 2').waitFor();
      assert.equal(await credits(page), 2);
      await snackbar(page).waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, 'request-unlocked');

      // An unlocked request is left without a prompt.
      await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Demandes' }).click();
      await page.waitForURL('**/event-requests');
      await grid.waitFor();
      await eventually(() => grid.getByTestId('unseen-dot').count(), 3);
      await eventually(() => grid.getByTestId('status-chip').first().innerText(), 'Débloquée');

      // Reject the second request with a reason.
      await grid.getByRole('link').nth(1).click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      await contact.getByRole('button', { name: 'Refuser' }).click();
      const reject = page.getByRole('dialog', { name: 'Refuser cette demande ?' });
      await reject.waitFor();
      const confirmReject = reject.getByRole('button', { name: 'Refuser la demande' });
      assert.ok(await confirmReject.isDisabled());
      await reject.getByRole('radio', { name: 'Pas disponible à cette date' }).check();
      await checkA11y(page);
      await confirmReject.click();
      const notice = page.getByTestId('rejected-notice');
      await notice.getByText('Motif : Pas disponible à cette date').waitFor();
      await notice.getByText('Une demande refusée ne peut pas être débloquée.').waitFor();
      assert.equal(await contact.getByRole('button', { name: 'Débloquer' }).count(), 0);
      assert.equal(await credits(page), 2);
      await snackbar(page).waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, 'request-rejected');

      // Leaving a locked, undecided request asks first; "later" leaves.
      await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Demandes' }).click();
      await grid.waitFor();
      await eventually(() => grid.getByTestId('status-chip').nth(1).innerText(), 'Refusée');
      await grid.getByRole('link').nth(2).click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      const locked = page.url();
      await contact.getByRole('button', { name: 'Débloquer' }).waitFor();
      await mainMenu(page).getByRole('link', { name: 'Tableau de bord' }).click();
      const prompt = page.getByRole('dialog', { name: 'Partir sans répondre ?' });
      await prompt.waitFor();
      assert.equal(page.url(), locked);
      await shot(page, 'request-leave-prompt');
      await prompt.getByRole('button', { name: 'Plus tard' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    }));

  it('on a phone: cards, and the popup leads to the unlock confirmation of the last new request', T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      await login(page, server.baseURL, PLANNER);
      // One request is still unseen; a new browser session presents it again.
      const popup = page.getByRole('dialog', { name: 'Vous avez une nouvelle demande' });
      await popup.waitFor();
      await popup.getByRole('button', { name: 'Débloquer' }).click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      const confirm = page.getByRole('dialog', { name: 'Débloquer cette demande ?' });
      await confirm.waitFor();
      assert.match(await confirm.getByTestId('unlock-balance').innerText(), /Vos crédits\s*2\s*Après déblocage\s*1/);
      await confirm.getByRole('button', { name: 'Annuler' }).click();
      await confirm.waitFor({ state: 'detached' });

      await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Demandes' }).click();
      await page.getByRole('dialog', { name: 'Partir sans répondre ?' }).getByRole('button', { name: 'Plus tard' }).click();
      await page.waitForURL('**/event-requests');
      const cards = page.getByTestId('request-card');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 5);
      assert.equal(await page.getByRole('grid').count(), 0);
      await eventually(() => page.getByTestId('unseen-dot').count(), 0);
      await checkA11y(page);
      assert.equal(await credits(page), 2);
    }));

  it("a couple's request with coordinates: new, then on the map of the configured tile server", T, () =>
    journey({}, async (page) => {
      // A couple sends a project from the planner's public page.
      const { token } = await apiTokens(page.request, server.baseURL, PLANNER);
      const slug = new URL((await apiMe(page.request, server.baseURL, token)).publicUrl).pathname.split('/').pop();
      let tiles = 0;
      const tile = pngImage(256, 256);
      await page.route('https://tile.example/**', (route) => {
        tiles += 1;
        return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
      });
      const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const sent = await page.request.post(`${server.baseURL}/api/public/projects`, {
        data: {
          providerSlug: slug, eventType: 'wedding', eventDate: inThreeDays, serviceType: 'FULL_PLANNING',
          eventLocation: "Parc de la Tête d'Or", eventLocationCity: 'Lyon', eventLocationZipcode: '69006', eventLocationCountry: 'FR',
          eventLocationLatitude: 45.7772, eventLocationLongitude: 4.8559, budgetRange: '20k_35k', guestRange: '50_100', languages: ['fr'],
          hasTheme: false, weddingTheme: '', message: 'Un mariage au parc, en petit comité.',
          firstname: 'Chloé', lastname: 'Bernard', email: 'chloe.bernard@example.com', phone: '+33655667788', formToken,
        },
      });
      assert.equal(sent.status(), 201, await sent.text());
      // The couple confirms by the e-mailed link: only then does the planner get it,
      // so that no one pays for a request from an address that was never real.
      const mail = await waitForOutbox(page.request, server.baseURL, 'chloe.bernard@example.com', (m) => /\/confirm\//.test(m.text ?? ''));
      const link = new URL(mail.text.match(/https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/)[0]).pathname;
      await page.goto(`http://fr.localhost:${new URL(server.baseURL).port}${link}`);
      await page.getByRole('button', { name: 'Confirmer et envoyer mon projet' }).click();
      await page.getByRole('heading', { level: 1, name: 'Votre projet est confirmé' }).waitFor();

      await login(page, server.baseURL, PLANNER);
      const popup = page.getByRole('dialog', { name: 'Vous avez une nouvelle demande' });
      await popup.getByTestId('soon-chip').getByText('Dans 3 jours').waitFor();
      await popup.getByRole('button', { name: 'Débloquer' }).click();
      const confirm = page.getByRole('dialog', { name: 'Débloquer cette demande ?' });
      await confirm.getByRole('button', { name: 'Annuler' }).click();
      await confirm.waitFor({ state: 'detached' });
      const map = page.getByTestId('request-map');
      await map.locator('.leaflet-tile-loaded').first().waitFor();
      assert.ok(tiles > 0, 'tiles come from the configured server');
      assert.match(await page.getByTestId('request-address').innerText(), /Parc de la Tête d'Or\s*69006 Lyon\s*France/);
      await shot(page, 'request-map');
    }));
});

describe('the event requests of a premium planner', () => {
  it('shows every contact without unlocking and spends nothing', T, () =>
    journey({}, async (page) => {
      const before = await credits(page, 'premium@noces.test');
      await login(page, server.baseURL, 'premium@noces.test');
      const popup = page.getByRole('dialog', { name: 'Vous avez 3 nouvelles demandes' });
      await popup.getByRole('button', { name: 'Voir la demande' }).click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      const contact = page.getByTestId('contact-card');
      await contact.getByRole('link', { name: /@example\.com$/ }).waitFor();
      await contact.getByText('Inclus dans votre abonnement Premium').waitFor();
      assert.equal(await contact.getByRole('button', { name: 'Débloquer' }).count(), 0);
      await checkA11y(page);

      await page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Demandes' }).click();
      const grid = page.getByRole('grid', { name: "Vos demandes d'événement" });
      await grid.waitFor();
      await eventually(() => grid.getByTestId('status-chip').allInnerTexts(), ['Débloquée', 'Débloquée', 'Débloquée']);
      assert.equal(await page.getByTestId('premium-banner').count(), 0);
      assert.equal(await page.getByTestId('requests-credits').count(), 0);
      assert.equal(await credits(page, 'premium@noces.test'), before);
    }));
});
