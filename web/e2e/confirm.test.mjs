// A couple's project and the unlock cap, against the real binary with the
// demo data: a couple sends a
// project from the public form and is told to check its inbox; nothing
// reaches a provider until it opens the e-mailed link and confirms. The
// project then goes to the four planners offering full planning (a city the
// gazetteer does not know is matched in the whole country), and at most
// three of them unlock it: the list and the detail say "n/3" before paying,
// and the fourth finds it closed. Then the conversation closes the loop: the
// first planner writes from a saved reply, the couple answers on its private
// page, the planner sees the unread message, the couple closes with "booked
// with this provider", and the premium planner sees the outcome on its own
// request. Screenshots at 390 and 1440 px, axe.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiMe, apiTokens, callApi, checkA11y, journey, login, shot, useServer, waitForOutbox } from './harness.mjs';

const T = { timeout: 300_000 };
const MIN_FILL_MS = 3_000;
const server = useServer();

/** A wedding day a few months ahead, as YYYY-MM-DD. */
function weddingDay() {
  const day = new Date(Date.now() + 150 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** The uuid of the request of the project held in `city` in the inbox of `email`. */
async function requestOf(email, city) {
  const { token } = await apiTokens(await requestContext(), server.baseURL, email);
  const list = await callApi(server.baseURL, 'GET', '/api/event-requests?sortField=createdAt&sortDirection=desc', { token });
  assert.equal(list.status, 200);
  const item = list.body.eventRequests.find((r) => r.project.eventLocationCity === city);
  assert.ok(item, `${email} has the project`);
  return { item, token };
}

let sharedRequest;
async function requestContext() {
  const { request } = await import('playwright-core');
  sharedRequest ??= await request.newContext();
  return sharedRequest;
}

describe("the couple's confirmation and the unlock cap", () => {
  it('confirms by the link, sends to 4 planners, and closes the request after 3 unlocks', T, async () => {
    const publicBase = `http://fr.localhost:${new URL(server.baseURL).port}`;
    const stamp = Date.now();
    const email = `couple-${stamp}@example.com`;
    const city = 'Vallon-des-Zéphyrs';

    await journey({}, async (page) => {
      await page.goto(`${publicBase}/project`);
      const opened = Date.now();
      const form = page.locator('form.project');
      await form.getByLabel("Type d'événement").selectOption({ label: 'Mariage' });
      await form.getByLabel('Date', { exact: true }).fill(weddingDay());
      await form.getByLabel('Que cherchez-vous ?').selectOption({ label: 'Organisation complète' });
      await form.getByLabel("Nombre d'invités").selectOption({ label: '100 – 150 invités' });
      await form.getByLabel('Budget global').selectOption({ label: '20 000 – 35 000 €' });
      await form.getByLabel('Ville', { exact: true }).fill(city);
      await form.getByLabel('Votre message (facultatif)').fill(`Un mariage au vallon, demande ${stamp}.`);
      await form.getByLabel('Prénom').fill('Jeanne');
      await form.getByLabel('Nom', { exact: true }).fill('Rivière');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Téléphone').fill('+33 6 22 33 44 55');
      const left = MIN_FILL_MS + 500 - (Date.now() - opened);
      if (left > 0) await page.waitForTimeout(left);
      await form.getByRole('button', { name: 'Envoyer mon projet' }).click();
      await page.waitForURL((url) => url.pathname === '/project/sent');
      await page.getByRole('heading', { level: 1, name: 'Vérifiez votre boîte e-mail pour confirmer' }).waitFor();
      assert.match(await page.locator('main').innerText(), /Le lien est valable 48 heures/);
      await shot(page, 'confirm-check-inbox');

      // Nothing reached any planner yet.
      const before = await callApi(server.baseURL, 'GET', '/api/event-requests', {
        token: (await apiTokens(page.request, server.baseURL, 'planner@noces.test')).token,
      });
      assert.ok(!before.body.eventRequests.some((r) => r.project.eventLocationCity === city), 'no request before confirmation');

      // The e-mail's link, as the outbox holds it.
      const mail = await waitForOutbox(page.request, server.baseURL, email, (m) => /\/confirm\//.test(m.text ?? ''));
      const path = new URL(mail.text.match(/https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/)[0]).pathname;
      await page.goto(`${publicBase}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Confirmez votre projet' }).waitFor();
      const summary = await page.locator('main').innerText();
      assert.match(summary, new RegExp(city));
      assert.match(summary, new RegExp(email));
      await shot(page, 'confirm-link');
      await page.getByRole('button', { name: 'Confirmer et envoyer mon projet' }).click();
      await page.getByRole('heading', { level: 1, name: 'Votre projet est confirmé' }).waitFor();
      assert.match(await page.locator('main').innerText(), /Il a été envoyé à 4 professionnels\./);
      await shot(page, 'confirm-done');
      // A reload shows the same result.
      await page.reload();
      assert.match(await page.locator('main').innerText(), /Il a été envoyé à 4 professionnels\./);
    });

    // The first planner sees 0/3 in its list and its detail, and unlocks.
    await journey({}, async (page) => {
      const { item } = await requestOf('planner@noces.test', city);
      assert.deepEqual([item.unlockCount, item.unlockCap, item.closed], [0, 3, false]);
      await login(page, server.baseURL, 'planner@noces.test');
      await page.goto(`${server.baseURL}/event-requests`);
      const grid = page.getByRole('grid', { name: "Vos demandes d'événement" });
      await grid.waitFor();
      const row = grid.getByRole('row').filter({ hasText: city });
      assert.equal(await row.getByTestId('unlock-cap').innerText(), '0/3 débloquée');
      await shot(page, 'cap-list-open');
      await page.goto(`${server.baseURL}/event-requests/${item.uuid}`);
      const notice = page.getByTestId('unlock-cap');
      await notice.getByText('0/3 débloquée').waitFor();
      assert.match(await notice.innerText(), /il reste 3 place/);
      await shot(page, 'cap-detail-open');
      const contact = page.getByTestId('contact-card');
      await contact.getByRole('button', { name: 'Débloquer' }).click();
      const confirm = page.getByRole('dialog', { name: 'Débloquer cette demande ?' });
      await confirm.getByRole('button', { name: 'Débloquer pour 1 crédit' }).click();
      await contact.getByRole('link', { name: email }).waitFor();
      await notice.getByText('1/3 débloquée').waitFor();
    });

    // A premium planner opening it takes the second place, for free.
    const premium = await requestOf('premium@noces.test', city);
    const opened = await callApi(server.baseURL, 'GET', `/api/event-requests/${premium.item.uuid}`, { token: premium.token });
    assert.equal(opened.status, 200);
    assert.equal(opened.body.unlockCount, 2);
    assert.equal(opened.body.project.member.email, email);

    // The third sees 2/3 before paying, and takes the last place.
    const lin = await requestOf('lin@noces.test', city);
    const { token: adminToken } = await apiTokens(await requestContext(), server.baseURL, 'admin@noces.test');
    const linId = (await apiMe(await requestContext(), server.baseURL, lin.token)).id;
    const granted = await callApi(server.baseURL, 'POST', `/api/admin/users/${linId}/credits`, {
      token: adminToken,
      body: { amount: 2, reason: 'e2e: credits to unlock' },
    });
    assert.equal(granted.status, 200, JSON.stringify(granted.body));
    await journey({}, async (page) => {
      await login(page, server.baseURL, 'lin@noces.test');
      await page.goto(`${server.baseURL}/event-requests/${lin.item.uuid}`);
      const notice = page.getByTestId('unlock-cap');
      await notice.getByText('2/3 débloquée').waitFor();
      assert.match(await notice.innerText(), /il reste 1 place/);
      await shot(page, 'cap-detail-two');
      const contact = page.getByTestId('contact-card');
      await contact.getByRole('button', { name: 'Débloquer' }).click();
      await page.getByRole('dialog', { name: 'Débloquer cette demande ?' }).getByRole('button', { name: 'Débloquer pour 1 crédit' }).click();
      await contact.getByRole('link', { name: email }).waitFor();
    });

    // The fourth finds it closed: no unlock button, nothing charged.
    const last = await requestOf('provence@noces.test', city);
    assert.deepEqual([last.item.unlockCount, last.item.closed], [3, true]);
    const refused = await callApi(server.baseURL, 'POST', `/api/event-requests/${last.item.uuid}/unlock`, { token: last.token });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error ?? refused.body.code, 'event_request.errors.cap_reached');
    await journey({}, async (page) => {
      await login(page, server.baseURL, 'provence@noces.test');
      await page.goto(`${server.baseURL}/event-requests/${last.item.uuid}`);
      const notice = page.getByTestId('unlock-cap');
      await notice.getByText('Fermée : 3 professionnels sur 3 ont débloqué cette demande').waitFor();
      assert.equal(await page.getByTestId('contact-card').getByRole('button', { name: 'Débloquer' }).count(), 0);
      assert.doesNotMatch(await page.getByTestId('contact-card').innerText(), /@example\.com/);
      await shot(page, 'cap-detail-closed');
      await page.goto(`${server.baseURL}/event-requests`);
      const grid = page.getByRole('grid', { name: "Vos demandes d'événement" });
      await grid.waitFor();
      const row = grid.getByRole('row').filter({ hasText: city });
      assert.equal(await row.getByTestId('unlock-cap').innerText(), 'Fermée · 3/3');
      await checkA11y(page);
      await shot(page, 'cap-list-closed');
    });

    // The first planner writes from a saved reply, filled from the request.
    const first = await requestOf('planner@noces.test', city);
    const saved = await callApi(server.baseURL, 'POST', '/api/reply-templates', {
      token: first.token,
      body: { name: 'Premier contact', body: 'Bonjour {firstname}, votre mariage du {date} à {city} nous enchante.' },
    });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    await journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      await page.goto(`${server.baseURL}/event-requests/${first.item.uuid}`);
      const conversation = page.getByTestId('conversation');
      await conversation.getByTestId('template-select').click();
      await page.getByRole('option', { name: 'Premier contact' }).click();
      assert.match(await conversation.getByTestId('composer').inputValue(), new RegExp(`^Bonjour Jeanne, votre mariage du .+ à ${city} nous enchante\\.$`));
      await conversation.getByTestId('send-message').click();
      await page.getByTestId('snackbar').getByText('Message envoyé à Jeanne.').waitFor();
      await conversation.getByText('Pas encore lu').waitFor();
    });

    // The couple answers on its private page, then the planner reads it.
    const message = await waitForOutbox(await requestContext(), server.baseURL, email, (m) => /vous a écrit/.test(m.subject ?? ''));
    const link = /\/c\/([A-Za-z0-9_-]{43})/.exec(JSON.stringify(message))?.[1];
    assert.ok(link, 'the e-mail carries the conversation link');
    await journey({}, async (page) => {
      await page.goto(`${publicBase}/c/${link}`);
      await page.getByText(/votre mariage du .+ nous enchante/).waitFor();
      await page.getByRole('textbox', { name: 'Votre réponse' }).fill('Avec plaisir, pouvons-nous en parler jeudi ?');
      await page.getByRole('button', { name: 'Envoyer ma réponse' }).click();
      await page.getByText('Votre réponse a été envoyée.').waitFor();
      await shot(page, 'lead-couple-answered');
    });
    await journey({}, async (page) => {
      await login(page, server.baseURL, 'planner@noces.test');
      await page.goto(`${server.baseURL}/event-requests`);
      await page.getByTestId('unread-count').getByText('1 message non lu').waitFor();
      await page.goto(`${server.baseURL}/event-requests/${first.item.uuid}`);
      await page.getByTestId('conversation').getByText('Avec plaisir, pouvons-nous en parler jeudi ?').waitFor();
      await shot(page, 'lead-planner-reads');
    });

    // The couple books the first planner; the premium one sees the outcome.
    await journey({}, async (page) => {
      await page.goto(`${publicBase}/c/${link}`);
      await page.getByRole('radio', { name: 'Réservé avec ce prestataire' }).check();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Merci, votre réponse est enregistrée.').waitFor();
    });
    await journey({}, async (page) => {
      await login(page, server.baseURL, 'premium@noces.test');
      await page.goto(`${server.baseURL}/event-requests/${premium.item.uuid}`);
      await page.getByTestId('request-outcome').getByText('Le couple a réservé un prestataire de cette demande.').waitFor();
      await checkA11y(page);
      await shot(page, 'lead-other-planner-outcome');
    });
    await sharedRequest?.dispose();
  });
});
