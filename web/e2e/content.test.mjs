// The planner's content screens against the real binary: the free demo
// planner replaces its video and opens the new one publicly, writes a
// portrait with bold and a list that the public page shows and meets the
// copy refusal, reads a review an admin approved, and copies the badge code
// (whose badge now shows the rating). Screenshots at 390 and 1440 px.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiTokens, callApi, journey, login, shot, useServer } from './harness.mjs';

const T = { timeout: 120_000 };
const PLANNER = 'planner@noces.test';

const server = useServer();

/**
 * Waits for a snackbar that says `expected` and returns its text. The one of
 * the step before may still be on screen (it hides after a few seconds, and
 * a loaded machine types the next step sooner than that): reading whichever
 * shows first failed so. A bar that never says `expected` still fails, on
 * the step's timeout, with the texts that did show.
 */
async function snackbar(page, expected) {
  const bars = page.getByTestId('snackbar');
  try {
    await bars.filter({ hasText: expected }).first().waitFor();
  } catch (error) {
    const shown = await bars.allInnerTexts();
    throw new Error(`no snackbar says ${expected} (shown: ${JSON.stringify(shown)})`, { cause: error });
  }
  return bars.filter({ hasText: expected }).first().innerText();
}

describe('the content screens', () => {
  it('a free planner replaces its video, meets the quota, and opens the new video publicly', T, async () => {
    await journey({ stepTimeout: 20_000 }, async (page) => {
      await login(page, server.baseURL, PLANNER);
      await page.goto(`${server.baseURL}/videos`);
      await page.getByRole('heading', { name: 'Vidéos', level: 1 }).waitFor();
      // The demo planner already has its free video: no add button, the quota and a way to premium.
      const quota = page.getByTestId('video-quota');
      await quota.waitFor();
      assert.match(await quota.innerText(), /L'offre gratuite comprend 1 vidéo/);
      assert.equal(await page.getByRole('button', { name: 'Ajouter une vidéo' }).count(), 0);
      assert.equal(await quota.getByRole('link', { name: 'Passer Premium' }).getAttribute('href'), '/subscription');
      await shot(page, 'videos-quota');

      const old = page.getByRole('article', { name: 'Un mariage au bord de la Saône' });
      await old.getByRole('button', { name: /Supprimer la vidéo/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Supprimer cette vidéo ?' });
      await shot(page, 'videos-delete');
      await confirm.getByRole('button', { name: 'Supprimer' }).click();
      await snackbar(page, /Vidéo supprimée/);
      await page.getByText('Aucune vidéo pour l\'instant').waitFor();
      await shot(page, 'videos-empty');

      await page.getByRole('button', { name: 'Ajouter une vidéo' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter une vidéo' });
      const submit = dialog.getByRole('button', { name: 'Ajouter la vidéo' });
      await dialog.getByLabel(/^Titre/).fill('  Abcd  ');
      await dialog.getByLabel(/^Lien YouTube ou Vimeo/).fill('https://vimeo.com/pas-une-video');
      await dialog.getByLabel(/^Description/).click();
      assert.equal(await submit.isDisabled(), true, 'a 4-letter title and a bad link keep the button off');
      await dialog.getByText('Le titre doit comporter au moins 5 caractères').waitFor();
      await shot(page, 'videos-add-invalid');
      await dialog.getByLabel(/^Titre/).fill('Mariage à la Croix-Rousse');
      await dialog.getByLabel(/^Lien YouTube ou Vimeo/).fill('https://youtu.be/dQw4w9WgXcQ');
      await dialog.getByLabel(/^Description/).fill('Le film de la journée de Chloé et Malik.');
      await dialog.getByText('Vidéo YouTube reconnue').waitFor();
      await submit.click();
      await snackbar(page, /Vidéo ajoutée/);
      const card = page.getByRole('article', { name: 'Mariage à la Croix-Rousse' });
      await card.waitFor();
      await page.getByTestId('video-quota').waitFor();
      await shot(page, 'videos-list');

      // The server refuses what the dialog would: a second video on the free plan, a short title.
      const { token } = await apiTokens(page.request, server.baseURL, PLANNER);
      const refused = await callApi(server.baseURL, 'POST', '/api/videos', { token, body: { title: 'Encore une vidéo', link: 'https://youtu.be/dQw4w9WgXcQ' } });
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.equal(refused.body.error, 'videos.errors.quota_reached');

      const publicLink = card.getByTestId('video-public-link');
      const href = await publicLink.getAttribute('href');
      assert.match(href, /\/p\/[^/]+\/videos\/[^/]+$/);
      const [watch] = await Promise.all([page.context().waitForEvent('page'), publicLink.click()]);
      await watch.waitForLoadState();
      assert.equal(watch.url(), href);
      await watch.getByRole('heading', { name: 'Mariage à la Croix-Rousse' }).waitFor();
      await shot(watch, 'videos-public');
    });
  });

  it('a planner writes a portrait with bold and a list that the public page shows, and a copied paragraph is refused', T, async () => {
    // Another planner's text, long enough to be unique in the directory.
    const copied = 'Nous accompagnons chaque couple avec une attention sincère, du premier café jusqu’au dernier slow de la soirée, sans jamais perdre le fil.';
    await journey({ stepTimeout: 20_000 }, async (page) => {
      const { token: premium } = await apiTokens(page.request, server.baseURL, 'premium@noces.test');
      const theirs = await callApi(server.baseURL, 'GET', '/api/portrait-experiences', { token: premium });
      const saved = await callApi(server.baseURL, 'POST', '/api/portrait-experiences', { token: premium, body: { ...theirs.body, benefits: `<p>${copied}</p>` } });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));

      await login(page, server.baseURL, PLANNER);
      await page.goto(`${server.baseURL}/portrait-experiences`);
      const benefits = page.getByRole('textbox', { name: 'Pourquoi vous choisir' });
      await benefits.waitFor();
      // Empty the section: its warning shows.
      await benefits.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Backspace');
      await page.getByTestId('portrait-benefits-empty').waitFor();
      await shot(page, 'portrait-empty-warning');

      const toolbar = page.getByRole('toolbar', { name: 'Mise en forme de « Pourquoi vous choisir »' });
      await toolbar.getByRole('button', { name: 'Gras' }).click();
      assert.equal(await toolbar.getByRole('button', { name: 'Gras' }).getAttribute('aria-pressed'), 'true');
      await page.keyboard.type('Une écoute de chaque instant');
      await toolbar.getByRole('button', { name: 'Gras' }).click();
      await page.keyboard.type(', et :');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: 'Liste à puces' }).click();
      await page.keyboard.type('un seul interlocuteur');
      await page.keyboard.press('Enter');
      await page.keyboard.type('un rétroplanning partagé');
      assert.equal(await toolbar.getByRole('button', { name: 'Liste à puces' }).getAttribute('aria-pressed'), 'true');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await snackbar(page, /Votre portrait a été enregistré/);
      await shot(page, 'portrait-saved');

      const { token } = await apiTokens(page.request, server.baseURL, PLANNER);
      const mine = await callApi(server.baseURL, 'GET', '/api/portrait-experiences', { token });
      // The empty paragraphs typed between the text and the list are one at most.
      assert.equal(mine.body.benefits, '<p><strong>Une écoute de chaque instant</strong>, et :</p><p></p><ul><li><p>un seul interlocuteur</p></li><li><p>un rétroplanning partagé</p></li></ul>');
      const me = await callApi(server.baseURL, 'GET', '/api/me', { token });
      const profile = await page.context().newPage();
      await profile.goto(me.body.publicUrl);
      await profile.locator('strong', { hasText: 'Une écoute de chaque instant' }).waitFor();
      await profile.locator('li', { hasText: 'un rétroplanning partagé' }).waitFor();
      await profile.close();

      // The other planner's paragraph, pasted into the services: refused under that section.
      const service = page.getByRole('textbox', { name: 'Vos prestations' });
      await service.click();
      // The caret to the very end, through the selection the editor follows
      // (Ctrl+End was sometimes ignored, and the paste then joined the
      // section's first paragraph, which no longer matched the copy).
      await service.evaluate((editor) => {
        const range = document.createRange();
        range.selectNodeContents(editor);
        range.collapse(false);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
      });
      await page.keyboard.press('Enter');
      await page.keyboard.insertText(copied);
      // Saved only once the editor holds the pasted text (a loaded machine
      // once let the click go before it, and nothing was sent).
      await service.filter({ hasText: copied.slice(0, 40) }).waitFor();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      const section = page.getByTestId('portrait-service');
      await section.getByRole('alert').filter({ hasText: 'Ce texte est déjà utilisé ailleurs' }).waitFor();
      assert.equal(await page.getByTestId('portrait-benefits').getByRole('alert').count(), 0);
      await shot(page, 'portrait-copy-refused');
      const after = await callApi(server.baseURL, 'GET', '/api/portrait-experiences', { token });
      assert.ok(!after.body.service.includes('attention sincère'), 'nothing of the refused save was kept');
    });
  });

  it('a couple reviews the planner, an admin approves it, and the planner reads it', T, async () => {
    await journey({ stepTimeout: 20_000 }, async (page) => {
      await login(page, server.baseURL, PLANNER);
      await page.goto(`${server.baseURL}/reviews`);
      const link = page.getByRole('textbox', { name: "Lien d'avis", exact: true });
      await link.waitFor();
      const formUrl = await link.inputValue();
      assert.match(formUrl, /\/review\/[^/]+$/);
      await page.getByTestId('review-qr-card').locator('svg path').first().waitFor();
      await shot(page, 'reviews-before');
      // The demo planner has approved reviews already: the couple's comes on top of them.
      const ratings = async () =>
        (await page.getByTestId('review').allInnerTexts()).map((text) => Number(/Noté (\d) sur 5/.exec(text)[1]));
      const before = await ratings();

      // A couple fills the public review form.
      const couple = await page.context().newPage();
      await couple.goto(formUrl);
      await couple.getByLabel(/Excellent/).check();
      await couple.getByLabel('Titre de votre avis', { exact: true }).fill('Un mariage inoubliable au bord du Rhône');
      await couple.getByLabel('Votre avis', { exact: true }).fill('Camille a tout orchestré avec calme et bonne humeur, nos invités en parlent encore.');
      await couple.getByLabel('Votre nom (publié)').fill('Chloé et Malik');
      await couple.getByLabel('Vous êtes').selectOption('couple');
      await couple.getByLabel('E-mail (non publié)').fill(`chloe.malik.${Date.now()}@example.com`);
      await couple.getByRole('button', { name: 'Envoyer mon avis' }).click();
      await couple.getByRole('heading', { name: 'Merci pour votre avis' }).waitFor();
      await couple.close();

      // Pending: not on the page yet.
      await page.reload();
      await page.getByTestId('review-link').waitFor();
      assert.deepEqual(await ratings(), before);

      const { token: admin } = await apiTokens(page.request, server.baseURL, 'admin@noces.test');
      const pending = await callApi(server.baseURL, 'GET', '/api/admin/reviews?status=pending', { token: admin });
      const mine = pending.body.items.find((r) => r.title === 'Un mariage inoubliable au bord du Rhône');
      assert.ok(mine, JSON.stringify(pending.body));
      const approved = await callApi(server.baseURL, 'POST', `/api/admin/reviews/${mine.id}/approve`, { token: admin });
      assert.ok(approved.status < 300, JSON.stringify(approved.body));

      await page.reload();
      const review = page.getByRole('article', { name: 'Un mariage inoubliable au bord du Rhône' });
      await review.waitFor();
      assert.match(await review.innerText(), /Chloé et Malik, couple/);
      assert.match(await review.innerText(), /Noté 5 sur 5/);
      const after = [...before, 5];
      assert.equal((await ratings()).length, after.length);
      const average = after.reduce((a, b) => a + b, 0) / after.length;
      const shown = average.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      assert.ok((await page.getByTestId('reviews-summary').innerText()).includes(shown), shown);
      await page.getByRole('button', { name: 'Copier le lien' }).click();
      await snackbar(page, /Lien d'avis copié|Copie impossible|copier/i);
      await shot(page, 'reviews');
    });
  });

  it('a planner copies the badge code, whose badge shows the approved rating', T, async () => {
    await journey({ stepTimeout: 20_000 }, async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
      await login(page, server.baseURL, PLANNER);
      await page.goto(`${server.baseURL}/integrate-badge`);
      assert.match(await page.getByTestId('badge-claim').innerText(), /87\s%/);
      const card = page.getByRole('region', { name: 'Noir, grand' });
      const preview = card.getByRole('img', { name: 'Aperçu : Noir, grand' });
      await preview.waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('img[src^="/badge/"]')].every((i) => i.complete && i.naturalWidth > 0));
      await shot(page, 'badge');
      await card.getByRole('button', { name: 'Copier le code' }).click();
      await snackbar(page, /Code du badge copié/);
      const code = await page.evaluate(() => navigator.clipboard.readText());
      const { token } = await apiTokens(page.request, server.baseURL, PLANNER);
      const me = await callApi(server.baseURL, 'GET', '/api/me', { token });
      const publicUrl = new URL(me.body.publicUrl);
      const slug = publicUrl.pathname.split('/').pop();
      assert.equal(
        code,
        `<a href="${publicUrl.href}" target="_blank" rel="noopener"><img src="${publicUrl.origin}/badge/${slug}.svg?theme=black&amp;size=big" alt="Recommandé sur Noces" width="240" style="height:auto;border:0"></a>`,
      );
      // The image the code points at: the approved review's rating is on it.
      // (The browser resolves *.localhost, the public host here; Node may not.)
      const image = await page.context().newPage();
      const svg = await (await image.goto(`${publicUrl.origin}/badge/${slug}.svg?theme=black&size=big`)).text();
      await image.close();
      assert.match(svg, /★ \d,\d · \d+ avis/);
      assert.doesNotMatch(svg, /<script/i);
    });
  });
});
