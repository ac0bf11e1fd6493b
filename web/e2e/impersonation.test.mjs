// Impersonation (part 1 §2, §4): an admin picks a planner in the users list,
// acts as them, sees the banner and the stop entry, then comes back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiMe, apiTokens, journey, login, shot, useServer } from './harness.mjs';

const T = { timeout: 120_000 };

const server = useServer();

describe('impersonation', () => {
  it('an admin impersonates the planner, sees their dashboard and the stop entry, then stops', T, async () => {
    await journey({}, async (page) => {
      // The planner's id, read through the API with the planner's own token.
      const { token } = await apiTokens(page.request, server.baseURL, 'planner@noces.test');
      const planner = await apiMe(page.request, server.baseURL, token);

      await login(page, server.baseURL, 'admin@noces.test');
      await page.getByRole('heading', { level: 1, name: "Vue d'ensemble" }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      await nav.getByRole('link', { name: 'Utilisateurs' }).waitFor();

      // The menu's entry leads to the users list; the planner's row has its own button and a confirmation.
      await nav.getByRole('link', { name: /en tant que/i }).click();
      await page.getByRole('heading', { level: 1, name: 'Utilisateurs' }).waitFor();
      await page.getByRole('searchbox').fill(planner.email);
      await page.getByRole('row').filter({ hasText: planner.email }).getByRole('button', { name: 'Se connecter en tant que Camille Durand' }).click();
      const start = page.getByRole('dialog', { name: 'Se connecter en tant que Camille Durand ?' });
      await start.waitFor();
      await shot(page, 'impersonation-start-dialog');
      await Promise.all([page.waitForEvent('load'), start.getByRole('button', { name: 'Se connecter', exact: true }).click()]);

      await page.getByRole('heading', { level: 1, name: 'Bonjour Camille !' }).waitFor();
      const banner = page.getByTestId('impersonation-banner');
      await banner.waitFor();
      assert.match(await banner.innerText(), /Camille Durand \(planner@noces\.test\)/);
      assert.equal(await page.evaluate(() => window.localStorage.getItem('impersonating')), 'true');
      await nav.getByRole('button', { name: 'Revenir à mon compte' }).waitFor();
      assert.equal(await nav.getByRole('link', { name: 'Utilisateurs' }).count(), 0, 'no admin menu while impersonating');
      await page.getByTestId('credit-chip').waitFor();
      await shot(page, 'impersonating');

      await banner.getByRole('button').click();
      const stop = page.getByRole('dialog');
      await stop.waitFor();
      await shot(page, 'impersonation-stop-dialog');
      await Promise.all([page.waitForEvent('load'), stop.getByRole('button', { name: 'Revenir', exact: true }).click()]);

      await nav.getByRole('link', { name: 'Utilisateurs' }).waitFor();
      assert.equal(await page.getByTestId('impersonation-banner').count(), 0);
      assert.equal(await page.evaluate(() => window.localStorage.getItem('impersonating')), null);
      const admin = await apiMe(page.request, server.baseURL, await page.evaluate(() => window.localStorage.getItem('token')));
      assert.equal(admin.email, 'admin@noces.test');
    });
  });
});
