// Conversations with couples against the real binary with the
// demo data: the planner unlocks a request, saves a reply and writes from
// it; the couple, reading the e-mail from the outbox, opens /c/{token} on
// the public site, answers, and closes its project with "booked with this
// provider"; the planner sees the unread dot, the answer and the outcome.
// Screenshots at 390 and 1440 px, axe on every screen. Runs on its own
// server: it spends a credit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, checkA11y, journey as harnessJourney, login, shot, useServer, waitForOutbox } from './harness.mjs';

const T = { timeout: 240_000 };
const PLANNER = 'planner@noces.test';

const server = useServer();
const journey = (options, fn) => harnessJourney({ stepTimeout: 20_000, ...options }, fn);
const snackbar = (page) => page.getByTestId('snackbar');

async function eventually(read, expected, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  assert.deepEqual(value, expected);
}

describe('a conversation between a planner and a couple', () => {
  it('unlock, saved reply, e-mail, /c/{token}, answer, unread dot, booked with this provider', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, PLANNER);
      const later = page.getByRole('button', { name: 'Plus tard' });
      if (await later.isVisible().catch(() => false)) await later.click();
      await page.goto(`${server.baseURL}/event-requests`);
      const grid = page.getByRole('grid', { name: "Vos demandes d'événement" });
      await grid.waitFor();
      await grid.getByRole('link').first().click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      const requestURL = page.url();
      const uuid = requestURL.split('/').pop();
      const contact = page.getByTestId('contact-card');

      // Locked: the conversation says to unlock first.
      const conversation = page.getByTestId('conversation');
      await conversation.getByText(/Débloquez cette demande pour écrire/).waitFor();
      await contact.getByRole('button', { name: 'Débloquer' }).click();
      await page.getByRole('dialog', { name: 'Débloquer cette demande ?' }).getByRole('button', { name: 'Débloquer pour 1 crédit' }).click();
      await snackbar(page).waitFor({ state: 'detached', timeout: 15_000 });

      // A saved reply, with placeholders.
      await conversation.getByTestId('manage-templates').click();
      const dialog = page.getByRole('dialog', { name: 'Réponses enregistrées' });
      await dialog.waitFor();
      await dialog.getByText('Pas encore de réponse enregistrée.').waitFor();
      await checkA11y(page);
      await dialog.getByTestId('template-add').click();
      await dialog.getByTestId('template-name').fill('Premier contact');
      // An unknown placeholder is refused with the server's message.
      await dialog.getByTestId('template-body').fill('Bonjour {prenom}');
      await dialog.getByTestId('template-save').click();
      await dialog.getByText('Seuls {firstname}, {date} et {city} peuvent servir de champs à remplir.').waitFor();
      await dialog
        .getByTestId('template-body')
        .fill('Bonjour {firstname}, merci pour votre demande pour le {date} à {city}. Voici mes formules : https://example.com/formules.');
      await shot(page, 'conversation-template-edit');
      await dialog.getByTestId('template-save').click();
      await dialog.getByText('Premier contact').waitFor();
      await shot(page, 'conversation-templates');
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Start from it: the placeholders are filled from the request, then sent.
      await conversation.getByTestId('template-select').click();
      await page.getByRole('option', { name: 'Premier contact' }).click();
      const composer = conversation.getByTestId('composer');
      const text = await composer.inputValue();
      assert.match(text, /^Bonjour Inès, merci pour votre demande pour le .+ à Lyon\. Voici mes formules/);
      assert.doesNotMatch(text, /\{(firstname|date|city)\}/);
      await conversation.getByTestId('send-message').click();
      await snackbar(page).getByText('Message envoyé à Inès.').waitFor();
      const sent = conversation.getByTestId('conversation-message');
      await eventually(() => sent.count(), 1);
      await conversation.getByText('Pas encore lu').waitFor();
      await snackbar(page).waitFor({ state: 'detached', timeout: 15_000 });
      await shot(page, 'conversation-sent');

      // The couple's e-mail, in the domain's language, carries the private link.
      const { token } = await apiTokens(page.request, server.baseURL, PLANNER);
      const detail = await (await page.request.get(`${server.baseURL}/api/event-requests/${uuid}`, { headers: { Authorization: `Bearer ${token}` } })).json();
      const coupleEmail = detail.project.member.email;
      const mail = await waitForOutbox(page.request, server.baseURL, coupleEmail, (item) => /vous a écrit/.test(item.subject ?? ''));
      const link = /\/c\/([A-Za-z0-9_-]{43})/.exec(JSON.stringify(mail))?.[1];
      assert.ok(link, `no conversation link in ${JSON.stringify(mail)}`);
      const publicBase = `http://fr.localhost:${new URL(server.baseURL).port}`;

      // The couple's page: a second browser context, no account.
      const couple = await page.context().browser().newContext({ locale: 'fr-FR' });
      try {
        const cp = await couple.newPage();
        const response = await cp.goto(`${publicBase}/c/${link}`);
        assert.equal(response.status(), 200);
        const headers = response.headers();
        assert.equal(headers['referrer-policy'], 'same-origin');
        assert.match(headers['cache-control'], /no-store/);
        assert.match(headers['x-robots-tag'], /noindex/);
        assert.equal(await cp.locator('meta[name="robots"][content*="noindex"]').count(), 1);
        await cp.getByRole('heading', { level: 1, name: /Votre conversation avec/ }).waitFor();
        await cp.getByText(/Bonjour Inès, merci pour votre demande/).waitFor();
        assert.equal(await cp.getByRole('link', { name: 'https://example.com/formules' }).getAttribute('href'), 'https://example.com/formules');
        // Opening is not reading (a mail scanner opens links): the message
        // is read once a person moves over the page, and the page says so.
        await cp.getByText('Pas encore lu').first().waitFor();
        await cp.mouse.move(200, 200);
        await cp.mouse.move(220, 240);
        await cp.getByText(/· Lu le /).first().waitFor();
        await shot(cp, 'conversation-couple');

        // An empty answer is refused in French, then the answer is sent.
        await cp.getByRole('textbox', { name: 'Votre réponse' }).fill('   ');
        await cp.evaluate(() => document.querySelector('textarea')?.removeAttribute('required'));
        await cp.getByRole('button', { name: 'Envoyer ma réponse' }).click();
        await cp.getByText('Écrivez un message.').first().waitFor();
        await shot(cp, 'conversation-couple-error');
        await cp.getByRole('textbox', { name: 'Votre réponse' }).fill('Merci ! Pouvons-nous nous appeler mardi ?');
        await cp.getByRole('button', { name: 'Envoyer ma réponse' }).click();
        await cp.getByText('Votre réponse a été envoyée.').waitFor();
        await cp.getByText('Merci ! Pouvons-nous nous appeler mardi ?').waitFor();

        // The planner: the unread dot and count, then the answer, read.
        await page.goto(`${server.baseURL}/event-requests`);
        await grid.waitFor();
        await page.getByTestId('unread-count').getByText('1 message non lu').waitFor();
        await grid.getByText('Messages non lus').waitFor();
        await shot(page, 'conversation-unread-list');
        await page.goto(requestURL);
        await conversation.getByText('Merci ! Pouvons-nous nous appeler mardi ?').waitFor();
        await eventually(() => conversation.getByTestId('conversation-message').count(), 2);

        // The couple sees its answer read, and closes: booked with this provider.
        await cp.reload();
        await cp.locator('.msg.mine').getByText(/· Lu le /).waitFor();
        await cp.getByRole('radio', { name: 'Réservé avec ce prestataire' }).check();
        await cp.getByRole('button', { name: 'Enregistrer' }).click();
        await cp.getByText('Merci, votre réponse est enregistrée.').waitFor();
        await cp.getByText(/Votre projet : Réservé avec ce prestataire/).waitFor();
        await shot(cp, 'conversation-couple-closed');
      } finally {
        await couple.close();
      }

      // The planner sees the outcome.
      await page.reload();
      await page.getByTestId('request-outcome').getByText('Le couple vous a choisi ! 🎉').waitFor();
      await shot(page, 'conversation-outcome');
    }),
  );
});
