// The admin's overview against the real binary: the admin lands on it at /
// (and finds it again at /admin, the breadcrumb's link), reads the figures
// the server counts, follows one to its screen, changes the period, then
// impersonates a planner from the users list (a button on the row and a
// confirmation, no id to type) and comes back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, callApi, journey, login, onboardedPlanner, shot, useServer } from './harness.mjs';

const T = { timeout: 180_000 };

const server = useServer();

describe('the admin overview', () => {
  it('reads the overview, follows a figure, then impersonates a planner from the list', T, async () => {
    const stamp = Date.now();
    // One more professional waiting for moderation, registered today.
    await onboardedPlanner(server.baseURL, `Atelier Aurore ${stamp}`, `aurore-${stamp}@noces.test`);

    await journey({}, async (page) => {
      const { token } = await apiTokens(page.request, server.baseURL, 'admin@noces.test');
      const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const expected = await callApi(server.baseURL, 'GET', `/api/admin/overview?days=30&tz=${encodeURIComponent(tz)}`, { token });
      assert.equal(expected.status, 200);
      assert.ok(expected.body.awaitingModeration >= 1);
      assert.ok(expected.body.total.newProviders >= 1);

      await login(page, server.baseURL, 'admin@noces.test');
      // The admin's dashboard is the overview.
      await page.getByRole('heading', { level: 1, name: "Vue d'ensemble" }).waitFor();
      const moderation = page.getByTestId('figure-moderation');
      await moderation.waitFor();
      assert.match(await moderation.innerText(), new RegExp(`En attente de modération\\s+${expected.body.awaitingModeration}\\b`));
      assert.match(await page.getByTestId('figure-providers').innerText(), new RegExp(`Nouveaux professionnels\\s+${expected.body.total.newProviders}\\b`));
      assert.equal(await page.getByTestId('figure-failed').getByRole('link').getAttribute('href'), '/admin/outbox?state=failed');
      // The charts come with their hidden tables, one row a day.
      const activity = page.getByRole('table', { name: 'Projets et demandes par jour', includeHidden: true });
      await activity.waitFor({ state: 'attached' });
      assert.equal(await activity.getByRole('row', { includeHidden: true }).count(), 31);
      await page.getByTestId('overview-activity').locator('svg').first().waitFor();
      await shot(page, 'admin-overview');

      // A figure leads to its screen; the "Administration" crumb leads back to the overview.
      await moderation.getByRole('link', { name: 'Ouvrir la modération' }).click();
      await page.getByRole('heading', { level: 1, name: 'Modération' }).waitFor();
      await page.getByRole('navigation', { name: /fil d'ariane|breadcrumb/i }).getByRole('link', { name: 'Administration' }).click();
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { level: 1, name: "Vue d'ensemble" }).waitFor();

      // Seven days: the request carries the period, the tables shrink.
      const asked = page.waitForRequest((request) => request.url().includes('/api/admin/overview?days=7'));
      await page.getByRole('group', { name: 'Période' }).getByRole('button', { name: '7 jours' }).click();
      await asked;
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="overview-activity"] tbody tr').length === 7);

      // Impersonation starts from the users list: the menu's entry leads there.
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      await nav.getByRole('link', { name: /en tant que/i }).click();
      await page.getByRole('heading', { level: 1, name: 'Utilisateurs' }).waitFor();
      await page.getByRole('searchbox').fill('planner@noces.test');
      const row = page.getByRole('row').filter({ hasText: 'planner@noces.test' });
      const impersonate = row.getByRole('button', { name: 'Se connecter en tant que Camille Durand' });
      await impersonate.waitFor();
      await shot(page, 'admin-users-impersonate');
      await impersonate.click();
      const confirm = page.getByRole('dialog', { name: 'Se connecter en tant que Camille Durand ?' });
      await confirm.waitFor();
      await shot(page, 'admin-users-impersonate-confirm', { a11y: false });
      await Promise.all([page.waitForEvent('load'), confirm.getByRole('button', { name: 'Se connecter', exact: true }).click()]);

      const banner = page.getByTestId('impersonation-banner');
      await banner.waitFor();
      assert.match(await banner.innerText(), /Camille Durand \(planner@noces\.test\)/);
      await page.getByRole('heading', { level: 1, name: 'Bonjour Camille !' }).waitFor();
      await banner.getByRole('button').click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('button', { name: 'Revenir', exact: true }).click()]);
      await page.getByRole('heading', { level: 1, name: "Vue d'ensemble" }).waitFor();
    });
  });

  it('shows the overview at 390 px with the cards one under the other', T, async () => {
    await journey({ width: 390 }, async (page) => {
      await login(page, server.baseURL, 'admin@noces.test');
      await page.getByTestId('figure-moderation').waitFor();
      const boxes = await Promise.all(['figure-moderation', 'figure-failed'].map((id) => page.getByTestId(id).boundingBox()));
      assert.ok(boxes[0] && boxes[1]);
      assert.ok(boxes[1].y >= boxes[0].y + boxes[0].height, 'the second card is below the first');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    });
  });
});
