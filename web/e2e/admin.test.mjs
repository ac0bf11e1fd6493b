// The admin back-office against the real binary: an admin goes through every
// admin screen, refuses one new professional with a reason, verifies the SIRET
// of another and approves it, who then appears in the public directory on
// fr.localhost; adjusts its credits (seen in the professional's own credit
// log), publishes a popup whose HTML the server sanitises, reads the outbox
// and the audit log, impersonates from the users screen. A planner is refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, callApi, checkA11y, journey, login, onboardedPlanner, shot, useServer } from './harness.mjs';

const T = { timeout: 180_000 };

const server = useServer();

const api = (method, path, options) => callApi(server.baseURL, method, path, options);

/** A planner registered and onboarded through the API: it waits for moderation. */
async function newProvider(company, email) {
  return (await onboardedPlanner(server.baseURL, company, email)).token;
}

/** The snackbar's text; it is then closed so the next one is fresh. */
async function snackbar(page) {
  const bar = page.getByTestId('snackbar');
  await bar.waitFor();
  const text = await bar.innerText();
  await bar.getByRole('button', { name: 'Fermer' }).click();
  await bar.waitFor({ state: 'detached' });
  return text;
}

/**
 * A dialog's screenshots at both widths; axe checks the dialog itself, once,
 * as the page behind it was checked with its own screen.
 */
async function dialogShot(page, name) {
  await checkA11y(page, { include: '[role="dialog"]' });
  await shot(page, name, { a11y: false });
}

async function heading(page, name) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('the admin back-office', () => {
  it('moderates, verifies a SIRET, credits, publishes a popup, reads the outbox and the audit log', T, async () => {
    const stamp = Date.now();
    const approvedName = `Atelier Lumière ${stamp}`;
    const refusedName = `Fleurs Pressées ${stamp}`;
    const approvedEmail = `atelier-${stamp}@noces.test`;
    const refusedEmail = `fleurs-${stamp}@noces.test`;
    const providerToken = await newProvider(approvedName, approvedEmail);
    await newProvider(refusedName, refusedEmail);

    await journey({}, async (page) => {
      await login(page, server.baseURL, 'admin@noces.test');
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      await nav.getByRole('link', { name: 'Modération' }).click();
      await heading(page, 'Modération');
      const queue = page.getByRole('table', { name: 'Professionnels en attente de modération' });
      await queue.getByText(approvedName).waitFor();
      await queue.getByText(refusedName).waitFor();
      assert.match(await page.getByText(/en attente de validation, les plus anciens d'abord : \d+/).innerText(), /: 2\./);
      await shot(page, 'admin-moderation');

      // Refused with a reason: too short first, then a real one; it stays in the queue with it.
      await page.getByRole('button', { name: `Refuser ${refusedName}` }).click();
      const reject = page.getByRole('dialog', { name: `Refuser ${refusedName}` });
      await reject.getByLabel(/Motif/).fill('Non');
      await reject.getByRole('button', { name: 'Refuser' }).click();
      await reject.getByText('Le motif doit contenir entre 5 et 1000 caractères').waitFor();
      await reject.getByLabel(/Motif/).fill('Ajoutez des photos de vos réalisations et une description de vos prestations.');
      await reject.getByRole('button', { name: 'Refuser' }).click();
      assert.match(await snackbar(page), /a été refusé/);
      await queue.getByText('Refusé : Ajoutez des photos de vos réalisations').waitFor();

      // The SIRET is checked by hand (no company register here), then the professional is approved.
      await page.getByRole('button', { name: `Détails de ${approvedName}` }).click();
      const details = page.getByRole('dialog', { name: approvedName });
      await details.getByText('Non vérifié').waitFor();
      await details.getByText(/reste masqué dans l'annuaire/).waitFor();
      await dialogShot(page, 'admin-moderation-details');
      await details.getByRole('button', { name: 'Vérifier le SIRET' }).click();
      const siret = page.getByRole('dialog', { name: 'Vérifier le SIRET' });
      await siret.getByLabel("L'entreprise existe et est active").check();
      await siret.getByRole('button', { name: 'Enregistrer' }).click();
      assert.match(await snackbar(page), new RegExp(`SIRET de ${approvedName} marqué actif`));
      await page.getByRole('row').filter({ hasText: approvedName }).getByText('Actif').waitFor();
      await page.getByRole('button', { name: `Valider ${approvedName}` }).click();
      const approve = page.getByRole('dialog', { name: `Valider ${approvedName} ?` });
      assert.equal(await approve.getByText(/reste masqué/).count(), 0, 'no SIRET warning once it is active');
      await approve.getByRole('button', { name: 'Valider' }).click();
      assert.match(await snackbar(page), new RegExp(`${approvedName} est validé`));
      await queue.getByText(approvedName).waitFor({ state: 'detached' });

      // The approved professional is in the public directory of the French domain.
      const publicBase = `http://fr.localhost:${new URL(server.baseURL).port}`;
      await journey({}, async (visitor) => {
        await visitor.goto(`${publicBase}/search?service=FULL_PLANNING&city=Lyon`);
        await visitor.getByRole('link', { name: approvedName }).first().waitFor();
        assert.equal(await visitor.getByRole('link', { name: refusedName }).count(), 0, 'a refused professional stays hidden');
      });

      // Users: search, then credits (a withdrawal below zero is stopped before it is sent).
      await nav.getByRole('link', { name: 'Utilisateurs' }).click();
      await heading(page, 'Utilisateurs');
      await page.getByRole('table', { name: 'Utilisateurs' }).getByText('planner@noces.test').waitFor();
      await page.getByRole('searchbox', { name: /Rechercher/ }).fill(approvedEmail);
      await page.waitForURL((url) => url.searchParams.get('q') === approvedEmail);
      await page.getByRole('table', { name: 'Utilisateurs' }).getByText('planner@noces.test').waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: approvedEmail });
      await row.getByText('Validé').waitFor();
      assert.equal(await page.getByRole('row').count(), 2, 'the header and the one match');
      await shot(page, 'admin-users-search');
      await row.getByRole('button', { name: 'Actions pour Inès Garnier' }).click();
      await page.getByRole('menuitem', { name: 'Ajuster les crédits' }).click();
      const credits = page.getByRole('dialog', { name: 'Ajuster les crédits de Inès Garnier' });
      assert.equal(await credits.getByTestId('credits-current').innerText(), '1', 'the welcome credit');
      await credits.getByLabel(/Montant/).fill('-3');
      await credits.getByLabel(/Motif/).fill('Erreur');
      await credits.getByRole('button', { name: 'Ajuster' }).click();
      await credits.getByText('Le solde ne peut pas devenir négatif : cet utilisateur a 1 crédits').waitFor();
      await credits.getByLabel(/Montant/).fill('5');
      await credits.getByLabel(/Motif/).fill('Geste commercial');
      await dialogShot(page, 'admin-users-credits');
      await credits.getByRole('button', { name: 'Ajuster' }).click();
      const done = page.getByRole('dialog', { name: 'Crédits ajustés' });
      assert.equal(await done.getByTestId('credits-result').innerText(), 'Nouveau solde de Inès Garnier : 6 crédits');
      await done.getByRole('button', { name: 'Fermer' }).click();
      await row.getByRole('cell', { name: '6', exact: true }).waitFor();
      const logs = await api('GET', '/api/credits/logs', { token: providerToken });
      assert.equal(logs.status, 200);
      const grant = logs.body.logs.find((log) => log.description === 'Geste commercial');
      assert.ok(grant, `the adjustment is in the professional's credit log: ${JSON.stringify(logs.body.logs)}`);
      assert.equal(grant.deposited, 5);

      // Marketing: a popup whose HTML the server sanitises; the preview shows what it kept.
      await nav.getByRole('link', { name: 'Marketing' }).click();
      await heading(page, 'Marketing');
      await page.getByRole('tab', { name: 'Pop-ups' }).click();
      await page.getByText('Aucune pop-up pour : Wedding planners').waitFor();
      await page.getByRole('button', { name: 'Nouvelle pop-up' }).click();
      const form = page.getByRole('dialog', { name: 'Nouvelle pop-up' });
      await form.getByLabel(/^Titre/).fill('Offre de printemps');
      await form
        .getByLabel(/Contenu \(HTML\)/)
        .fill('<p>Profitez de <strong>20 % de crédits offerts</strong> ce mois-ci.</p><script>alert(1)</script><p onclick="steal()">Offre limitée.</p>');
      await form.getByLabel(/Texte du bouton/).fill('Acheter des crédits');
      await form.getByLabel(/Lien du bouton/).fill('/credits');
      await form.getByLabel('Active', { exact: true }).check();
      await form.getByRole('button', { name: 'Enregistrer et prévisualiser' }).click();
      const saved = page.getByRole('dialog', { name: 'Pop-up enregistrée' });
      await saved.getByTestId('sanitised-notice').waitFor();
      const html = await saved.getByTestId('popup-preview-html').innerHTML();
      assert.match(html, /<strong>20 % de crédits offerts<\/strong>/);
      assert.doesNotMatch(html, /script|onclick/);
      await dialogShot(page, 'admin-marketing-popup-preview');
      await saved.getByRole('button', { name: 'Terminé' }).click();
      const card = page.getByTestId('marketing-message').filter({ hasText: 'Offre de printemps' });
      await card.getByText('Active', { exact: true }).first().waitFor();
      await page.getByRole('tab', { name: 'Alertes' }).click();
      await page.getByRole('button', { name: 'Nouvelle alerte' }).click();
      const alertForm = page.getByRole('dialog', { name: 'Nouvelle alerte' });
      await alertForm.getByLabel(/^Titre/).fill('Nouveau : le badge Noces');
      await alertForm.getByRole('textbox', { name: 'Texte', exact: true }).fill('Affichez votre badge sur votre site pour rassurer les couples.');
      await alertForm.getByLabel(/Lien du bouton/).fill('credits');
      await alertForm.getByLabel(/Texte du bouton/).fill('Voir le badge');
      await alertForm.getByRole('button', { name: 'Enregistrer' }).click();
      await alertForm.getByText('Saisissez un chemin du site commençant par / ou une adresse commençant par https://').waitFor();
      await alertForm.getByLabel(/Lien du bouton/).fill('/integrate-badge');
      await alertForm.getByRole('button', { name: 'Enregistrer' }).click();
      assert.match(await snackbar(page), /Alerte créée/);
      // A click, not check(): the switch is controlled, and on a fast machine
      // check() reads it in the instant before the pending change shows.
      const activeSwitch = page.getByTestId('marketing-message').filter({ hasText: 'Nouveau : le badge Noces' }).getByRole('switch', { name: 'Active' });
      await activeSwitch.click();
      assert.match(await snackbar(page), /est maintenant active/);
      assert.equal(await activeSwitch.isChecked(), true);
      await shot(page, 'admin-marketing');

      // Reviews: none in the demo data; the empty state says so.
      await nav.getByRole('link', { name: 'Avis' }).click();
      await heading(page, 'Avis');
      await page.getByText('Aucun avis en attente').waitFor();
      await shot(page, 'admin-reviews');

      // Outbox: the approval e-mail, opened.
      await nav.getByRole('link', { name: 'Messages envoyés' }).click();
      await heading(page, 'Messages envoyés');
      const mails = page.getByRole('table', { name: 'Messages' });
      const approval = mails.getByRole('row').filter({ hasText: approvedEmail }).filter({ hasText: 'Votre fiche est en ligne sur Noces !' });
      await approval.waitFor();
      await mails.getByRole('row').filter({ hasText: refusedEmail }).filter({ hasText: 'Votre fiche nécessite quelques modifications' }).waitFor();
      await shot(page, 'admin-outbox');
      await approval.getByRole('button', { name: 'Votre fiche est en ligne sur Noces !' }).click();
      const message = page.getByRole('dialog');
      await message.getByTitle('Version mise en forme de l\'e-mail').waitFor();
      await message.getByRole('tab', { name: 'Texte brut' }).click();
      assert.match(await message.getByTestId('outbox-text').innerText(), new RegExp(`/p/`));
      await dialogShot(page, 'admin-outbox-message');
      await message.getByRole('button', { name: 'Fermer' }).click();
      // Delivery runs on the job queue: with no relay configured, its worker
      // holds each message, and the state filter (kept in the address) finds
      // the approval e-mail there once the worker has taken it.
      await page.getByRole('tab', { name: 'Retenu' }).click();
      await page.waitForURL(/state=held/);
      for (let i = 0; i < 20 && !(await mails.getByRole('row').filter({ hasText: approvedEmail }).count()); i++) {
        await page.waitForTimeout(500);
        await page.reload();
      }
      await mails.getByRole('row').filter({ hasText: approvedEmail }).first().waitFor();
      await shot(page, 'admin-outbox-held');

      // Audit log: every decision above, with who made it.
      await nav.getByRole('link', { name: "Journal d'audit" }).click();
      await heading(page, "Journal d'audit");
      const audit = page.getByRole('table', { name: "Journal d'audit" });
      for (const action of ['Professionnel validé', 'Professionnel refusé', 'SIRET vérifié', 'Crédits ajustés', 'Pop-up créée', 'Alerte créée']) {
        await audit.getByText(action, { exact: true }).first().waitFor();
      }
      await audit.getByRole('row').filter({ hasText: 'Crédits ajustés' }).getByText('Geste commercial').waitFor();
      await shot(page, 'admin-audit-log');

      // Impersonation from the users screen: the professional's dashboard, then back.
      await page.goto(`${server.baseURL}/admin/users?q=${encodeURIComponent(approvedEmail)}`);
      await page.getByRole('button', { name: 'Se connecter en tant que Inès Garnier' }).click();
      const confirm = page.getByRole('dialog', { name: 'Se connecter en tant que Inès Garnier ?' });
      await Promise.all([page.waitForEvent('load'), confirm.getByRole('button', { name: 'Se connecter', exact: true }).click()]);
      const banner = page.getByTestId('impersonation-banner');
      await banner.waitFor();
      assert.match(await banner.innerText(), new RegExp(approvedEmail));
      // The popup published above greets the planner, as the server sanitised it.
      const promo = page.getByRole('dialog', { name: 'Offre de printemps' });
      await promo.getByText('20 % de crédits offerts').waitFor();
      assert.equal(await promo.locator('script').count(), 0);
      await promo.getByRole('button', { name: 'Fermer' }).click();
      await promo.waitFor({ state: 'detached' });
      await banner.getByRole('button').click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('dialog').getByRole('button', { name: 'Revenir', exact: true }).click()]);
      await nav.getByRole('link', { name: 'Modération' }).waitFor();
    });
  });

  it('refuses the admin pages and API to a planner', T, async () => {
    await journey({}, async (page) => {
      const { token } = await apiTokens(page.request, server.baseURL, 'planner@noces.test');
      for (const path of ['/api/admin/moderation', '/api/admin/users', '/api/admin/audit-log']) {
        const response = await api('GET', path, { token });
        assert.equal(response.status, 403, path);
        assert.equal(response.body.error, 'errors.forbidden');
      }
      await login(page, server.baseURL, 'planner@noces.test');
      await page.goto(`${server.baseURL}/admin/moderation`);
      // Sent back to the dashboard, with no admin screen or menu on the way.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('navigation', { name: 'Menu principal', includeHidden: true }).getByRole('link', { name: 'Tableau de bord', includeHidden: true }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Modération', includeHidden: true }).count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Modération', includeHidden: true }).count(), 0);
    });
  });
});
