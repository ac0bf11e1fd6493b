// Impersonation (part 1 §2, §4): an admin acts as a planner, sees the
// banner and the stop entry, then comes back to their own account.
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
      await page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      await nav.getByRole('link', { name: 'Utilisateurs' }).waitFor();

      await nav.getByRole('button', { name: /en tant que/i }).click();
      const start = page.getByRole('dialog');
      await start.getByRole('textbox').fill(planner.id);
      await shot(page, 'impersonation-start-dialog');
      await Promise.all([page.waitForEvent('load'), start.getByRole('button', { name: 'Se connecter' }).click()]);

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
