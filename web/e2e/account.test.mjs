// The account and security pages (part 1 §2 /account, /security): names,
// phone change with the SMS code from the outbox, sign-in
// e-mail change, language, password change and account deletion. Runs
// against its own server: it changes demo accounts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiMe, checkA11y, journey, login, shot, useServer, waitForOutbox, WIDTHS } from './harness.mjs';

const T = { timeout: 120_000 };

const server = useServer();

async function openAccount(page, email) {
  await login(page, server.baseURL, email);
  await page.goto(`${server.baseURL}/account`);
  await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
}

const snackbar = (page) => page.getByTestId('snackbar');
const card = (page, name) => page.getByRole('region', { name });

describe('the account page', () => {
  it('shows its sections under the Dashboard > Settings breadcrumb and saves the names', T, () =>
    journey({}, async (page) => {
      await openAccount(page, 'planner@noces.test');
      const crumbs = await page.getByRole('navigation', { name: "Fil d'Ariane" }).innerText();
      assert.match(crumbs, /Tableau de bord[\s\S]*Paramètres/);
      for (const name of ['Informations personnelles', 'Téléphone', 'E-mail de connexion', 'Langue', 'Supprimer mon compte']) {
        await card(page, name).waitFor();
      }
      await shot(page, 'account');

      const info = card(page, 'Informations personnelles');
      const save = info.getByRole('button', { name: 'Enregistrer' });
      await info.locator('input[name="firstname"]').fill('C');
      await info.getByText('Doit contenir au moins 2 caractères').waitFor();
      assert.ok(await save.isDisabled());
      await info.locator('input[name="firstname"]').fill('Camila');
      assert.ok(await save.isEnabled());
      await save.click();
      await snackbar(page).getByText('Vos informations ont été mises à jour').waitFor();
      await page.getByTestId('user-card').getByText('Camila Durand').waitFor();
    }));

  it('changes the phone with the code texted to the new number', T, () =>
    journey({}, async (page) => {
      await openAccount(page, 'planner@noces.test');
      const phone = card(page, 'Téléphone');
      await phone.getByTestId('current-phone').getByText('+33 6 12 34 56 78').waitFor();
      await phone.locator('input[name="phone"]').fill('06 98 76 54 32');
      await phone.getByRole('button', { name: 'Changer de numéro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmez votre nouveau numéro' });
      await dialog.waitFor();
      await dialog.getByText('+33 6 98 76 54 32').waitFor();
      await shot(page, 'phone-dialog');
      await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
      const codeField = dialog.getByLabel(/^Code/);
      await codeField.waitFor();

      const sms = await waitForOutbox(page.request, server.baseURL, '+33698765432', (item) => item.channel === 'sms');
      const code = sms.text.match(/\b(\d{6})\b/)?.[1];
      assert.ok(code, `the SMS holds a 6-digit code: ${sms.text}`);
      const wrong = code === '000000' ? '111111' : '000000';
      await codeField.fill(wrong);
      await dialog.getByRole('button', { name: 'Vérifier' }).click();
      await dialog.getByTestId('phone-verify-error').getByText('Code incorrect').waitFor();
      await codeField.fill(code);
      await shot(page, 'phone-dialog-code');
      await dialog.getByRole('button', { name: 'Vérifier' }).click();
      await dialog.waitFor({ state: 'detached' });
      await snackbar(page).getByText('Votre numéro de téléphone a été mis à jour').waitFor();
      await phone.getByTestId('current-phone').getByText('+33 6 98 76 54 32').waitFor();
      const token = await page.evaluate(() => window.localStorage.getItem('token'));
      assert.equal((await apiMe(page.request, server.baseURL, token)).phone, '+33698765432');
    }));

  it('switches the language of the account and of the interface', T, () =>
    journey({ width: WIDTHS.mobile }, async (page) => {
      await openAccount(page, 'planner@noces.test');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/change-locale'));
      await card(page, 'Langue').locator('select').selectOption('en');
      assert.equal((await saved).status(), 200);
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await snackbar(page).getByText('The language has been changed').waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      const cookie = (await page.context().cookies()).find((c) => c.name === 'locale');
      assert.equal(cookie?.value, 'en');
      await checkA11y(page);
      const token = await page.evaluate(() => window.localStorage.getItem('token'));
      assert.equal((await apiMe(page.request, server.baseURL, token)).locale, 'en');
    }));
});

describe('the sign-in e-mail and closing the account', () => {
  it('changes the sign-in e-mail: the renewed session keeps working', T, () =>
    journey({}, async (page) => {
      await openAccount(page, 'venue@noces.test');
      const email = card(page, 'E-mail de connexion');
      const before = await page.evaluate(() => window.localStorage.getItem('refresh_token'));
      await email.locator('input[name="email"]').fill('premium@noces.test');
      await email.getByRole('button', { name: "Changer d'e-mail" }).click();
      await email.getByText('Cette adresse e-mail est déjà utilisée').waitFor();

      await email.locator('input[name="email"]').fill('lieu@noces.test');
      await email.getByRole('button', { name: "Changer d'e-mail" }).click();
      await snackbar(page).getByText('Votre e-mail de connexion a été modifié').waitFor();
      const after = await page.evaluate(() => window.localStorage.getItem('refresh_token'));
      assert.ok(after && after !== before, 'the new refresh token is stored');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Paramètres' }).waitFor();
      assert.equal(await card(page, 'E-mail de connexion').locator('input[name="email"]').inputValue(), 'lieu@noces.test');
    }));

  it('deletes the account after a reason of 30 characters, then shows the message on /login', T, () =>
    journey({}, async (page) => {
      await openAccount(page, 'lieu@noces.test');
      await card(page, 'Supprimer mon compte').getByRole('button', { name: 'Supprimer mon compte…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
      await dialog.getByLabel(/^Raison/).fill('   Trop peu de demandes.   ');
      await dialog.getByLabel(/^Raison/).blur();
      await dialog.getByText(/Veuillez indiquer une raison d'au moins 30 caractères/).waitFor();
      assert.ok(await confirm.isDisabled());
      await shot(page, 'delete-dialog');
      await dialog.getByLabel(/^Raison/).fill('Nous fermons le domaine pour travaux cette année.');
      assert.ok(await confirm.isEnabled());
      await confirm.click();
      await page.waitForURL('**/login');
      await page.getByTestId('login-notice').getByText('Votre compte a été supprimé').waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
      await shot(page, 'login-account-deleted');
    }));
});

describe('the security page', () => {
  it('changes the password with the strength indicator; a wrong current password is shown under its field', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'premium@noces.test');
      await page.getByRole('button', { name: 'Menu du compte' }).click();
      await page.getByRole('menuitem', { name: 'Sécurité' }).click();
      await page.waitForURL('**/security');
      await page.getByRole('heading', { level: 1, name: 'Sécurité' }).waitFor();
      const crumbs = await page.getByRole('navigation', { name: "Fil d'Ariane" }).innerText();
      assert.match(crumbs, /Tableau de bord[\s\S]*Sécurité/);

      const submit = page.getByRole('button', { name: 'Modifier mon mot de passe' });
      const meter = page.getByTestId('password-strength');
      await page.locator('input[name="currentPassword"]').fill('Pas-le-bon-1');
      await page.locator('input[name="newPassword"]').fill('abc');
      await meter.getByText('Robustesse : très faible').waitFor();
      await page.locator('input[name="newPassword"]').fill('abcDEF1');
      await meter.getByText('Robustesse : bonne').waitFor();
      await page.locator('input[name="newPassword"]').fill('Nouveau-2026!');
      await meter.getByText('Robustesse : excellente').waitFor();
      await page.locator('input[name="confirmPassword"]').fill('Nouveau-2026!');
      await shot(page, 'security');
      await submit.click();
      await page.getByText('Le mot de passe actuel est incorrect').waitFor();
      await shot(page, 'security-error');

      await page.locator('input[name="currentPassword"]').fill('Demo-2026!');
      await submit.click();
      await snackbar(page).getByText(/Votre mot de passe a été modifié/).waitFor();
      assert.equal(await page.locator('input[name="newPassword"]').inputValue(), '');

      await page.getByRole('button', { name: 'Menu du compte' }).click();
      await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
      await page.waitForURL('**/login');
      await login(page, server.baseURL, 'premium@noces.test', 'Nouveau-2026!');
      await page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor();
    }));
});
