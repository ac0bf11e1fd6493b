// Venues in the admin and a venue owner's requests (issue #14), against the
// real binary with the demo data. The demo venue owner (venue@noces.test,
// moderated, no credit) gets, straight in the database since this branch has
// no venue API yet, a published venue waiting for validation with three
// photos, a draft, and a couple's request for the published venue. An admin
// validates the venue from /admin/venues (photos looked at, confirmation, the
// owner e-mailed); the owner, given one credit, sees the venue's name on the
// request and unlocks it. Axe and screenshots at 390 and 1440 px throughout.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { apiTokens, callApi, journey as harnessJourney, login, shot, useServer, waitForOutbox } from './harness.mjs';

// Axe runs about 10 times: allow for a busy machine.
const T = { timeout: 180_000 };
const OWNER = 'venue@noces.test';
const VENUE = 'Château de Lefèvre';

/** A journey whose failing step says which, well before the test's own timeout. */
const journey = (options, fn) => harnessJourney({ stepTimeout: 15_000, ...options }, fn);

/** Runs SQL on the server's SQLite database, waiting for the server's own writes; returns the output's lines. */
function sql(dataDir, statements) {
  const out = execFileSync('sqlite3', ['-cmd', '.timeout 10000', join(dataDir, 'noces.db'), statements], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

/** A time as the Go SQLite driver stores it. */
const stamp = (date) => `${date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '')} +0000 UTC`;

const q = (text) => `'${text.replaceAll("'", "''")}'`;

const seeded = {};

const server = useServer({
  setUp: async ({ baseURL, dataDir }) => {
    const [ownerId] = sql(dataDir, `SELECT id FROM users WHERE email = ${q(OWNER)};`);
    assert.ok(ownerId, 'the demo venue owner exists');
    // The venue's photos reuse files of the demo gallery: real pictures, already in media storage.
    const photos = sql(dataDir, `SELECT image_key || '|' || thumb_key || '|' || width || '|' || height FROM images WHERE venue_id IS NULL ORDER BY id LIMIT 3;`);
    assert.equal(photos.length, 3, 'the demo gallery has photos to reuse');
    const venueId = randomUUID();
    const draftId = randomUUID();
    const created = stamp(new Date(Date.now() - 3 * 86_400_000));
    const now = stamp(new Date());
    const statements = [
      `INSERT INTO venues (id, owner_id, name, slug, type, email, address, zipcode, city, country_code, description, detailed_description,
        seated_capacity, standing_capacity, bedrooms, min_price, max_price, is_published, is_validated, contact_name, contact_role, created_at, updated_at)
        VALUES (${q(venueId)}, ${q(ownerId)}, ${q(VENUE)}, 'chateau-de-lefevre-e2e', 'castle', 'contact@lefevre.test', '12 allée des Tilleuls', '37000', 'Tours', 'FR',
        ${q('Un château du XVIIIe siècle au bord de la Loire, son parc et sa roseraie.')},
        ${q("Réception dans l'orangerie, cérémonie laïque sous les cèdres, dix-huit chambres pour vos invités.")},
        150, 250, 18, 4000, 12000, TRUE, FALSE, 'Sophie Lefèvre', 'Propriétaire', ${q(created)}, ${q(created)});`,
      `INSERT INTO venues (id, owner_id, name, slug, type, city, country_code, created_at, updated_at)
        VALUES (${q(draftId)}, ${q(ownerId)}, 'Grange de Lefèvre', 'grange-de-lefevre-e2e', 'farm', 'Tours', 'FR', ${q(now)}, ${q(now)});`,
      ...photos.map((row, i) => {
        const [key, thumb, width, height] = row.split('|');
        return `INSERT INTO images (id, owner_id, venue_id, title, is_visible, position, image_key, width, height, thumb_key, thumb_width, thumb_height,
          byte_size, alt, caption, is_key_image, created_at, updated_at)
          VALUES (${q(randomUUID())}, ${q(ownerId)}, ${q(venueId)}, ${q(`Vue ${i + 1}`)}, TRUE, ${i + 1}, ${q(key)}, ${width}, ${height}, ${q(thumb)}, 480, 320,
          10000, ${q(i === 0 ? 'La façade du château' : '')}, '', ${i === 0 ? 'TRUE' : 'FALSE'}, ${q(created)}, ${q(created)});`;
      }),
      ...['garden', 'parking', 'wheelchairAccessible', 'catering', 'bridalSuite'].map(
        (feature) => `INSERT INTO venue_features (venue_id, feature) VALUES (${q(venueId)}, ${q(feature)});`,
      ),
    ];
    // A couple's project for this venue, as the public venue page will send it.
    const projectId = randomUUID();
    statements.push(
      `INSERT INTO projects (id, domain, event_type, event_date, service_type, event_city, event_zipcode, event_country, budget_range, guest_range,
        message, firstname, lastname, email, phone, created_at)
        VALUES (${q(projectId)}, 'fr', 'wedding', '2027-06-12', 'VENUE', 'Tours', '37000', 'FR', '20k_35k', '100_150',
        ${q('Nous aimerions célébrer notre mariage dans votre parc en juin.')}, 'Chloé', 'Martin', 'chloe.martin@example.com', '+33612345678', ${q(now)});`,
      `INSERT INTO event_requests (id, project_id, provider_id, created_at, event_date, venue_id)
        VALUES (${q(randomUUID())}, ${q(projectId)}, ${q(ownerId)}, ${q(now)}, '2027-06-12', ${q(venueId)});`,
    );
    sql(dataDir, `BEGIN; ${statements.join('\n')} COMMIT;`);
    Object.assign(seeded, { ownerId, venueId });

    // One credit, given the way an admin does.
    const { token } = await (await fetch(`${baseURL}/api/login_check`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin@noces.test', password: 'Demo-2026!' }),
    })).json();
    const given = await callApi(baseURL, 'POST', `/api/admin/users/${ownerId}/credits`, { token, body: { amount: 1, reason: 'Essai e2e' } });
    assert.equal(given.status, 200, JSON.stringify(given.body));
  },
});

/** The owner's balance, read through the API. */
async function credits(page) {
  const { token } = await apiTokens(page.request, server.baseURL, OWNER);
  return (await callApi(server.baseURL, 'GET', '/api/me', { token })).body.credits;
}

const mainMenu = (page) => page.getByRole('navigation', { name: 'Menu principal' });
const snackbar = (page) => page.getByTestId('snackbar');

describe('venues in the admin', () => {
  it('an admin looks at the photos and facts of a venue and validates it; its owner is e-mailed once', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, 'admin@noces.test');
      await mainMenu(page).getByRole('link', { name: 'Lieux' }).click();
      await page.waitForURL('**/admin/venues');
      await page.getByRole('heading', { level: 1, name: 'Lieux' }).waitFor();
      const card = page.getByTestId('admin-venue').filter({ hasText: VENUE });
      await card.getByRole('heading', { name: VENUE }).waitFor();
      const text = await card.innerText();
      assert.match(text, /Château · 37000 Tours, France/);
      assert.match(text, /150 assis · 250 debout · 18 chambres/);
      assert.match(text, /4\s000\s€ – 12\s000\s€/);
      assert.match(text, /Jardin[\s\S]*Parking[\s\S]*Accès fauteuil roulant[\s\S]*Suite nuptiale[\s\S]*Traiteur/);
      assert.match(text, /Sophie Lefèvre \(venue@noces\.test\)\s*Compte modéré/);
      assert.equal(await card.getByRole('link', { name: 'Ouvrir le compte du propriétaire dans Utilisateurs' }).getAttribute('href'), '/admin/users?q=venue%40noces.test');
      // The draft waits for its owner, not for the admin.
      assert.equal(await page.getByTestId('admin-venue').filter({ hasText: 'Grange de Lefèvre' }).count(), 0);
      await shot(page, 'admin-venues');

      // The photos, larger, one after the other.
      await card.getByRole('button', { name: 'Ouvrir la photo 1 sur 3' }).click();
      const viewer = page.getByRole('dialog', { name: `${VENUE} : photo 1 sur 3` });
      await viewer.getByRole('img', { name: 'La façade du château' }).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="venue-photo-large"]')?.complete);
      await shot(page, 'admin-venue-photo');
      await viewer.getByRole('button', { name: 'Photo suivante' }).click();
      await page.getByRole('dialog', { name: `${VENUE} : photo 2 sur 3` }).getByText('Pas de texte alternatif').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Validate, after a confirmation.
      await card.getByRole('button', { name: 'Valider' }).click();
      const confirm = page.getByRole('dialog', { name: 'Valider ce lieu ?' });
      await confirm.getByText(/Sophie Lefèvre recevra un e-mail/).waitFor();
      await shot(page, 'admin-venue-validate');
      await confirm.getByRole('button', { name: 'Valider' }).click();
      await snackbar(page).getByText(`« ${VENUE} » est validé et un e-mail a été envoyé à son propriétaire`).waitFor();
      await card.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Validés' }).click();
      const validated = page.getByTestId('admin-venue').filter({ hasText: VENUE });
      await validated.getByTestId('venue-validation-chip').getByText('Validé').waitFor();
      await validated.getByRole('button', { name: 'Retirer la validation' }).waitFor();
      await snackbar(page).waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, 'admin-venues-validated');

      const mail = await waitForOutbox(page.request, server.baseURL, OWNER, (m) => m.subject.includes(VENUE));
      assert.equal(mail.subject, `Votre lieu « ${VENUE} » est validé`);
      assert.match(mail.text, /\/v\/chateau-de-lefevre-e2e/);

      // Validating it again (a retry, a second admin) sends nothing more.
      const { token } = await apiTokens(page.request, server.baseURL, 'admin@noces.test');
      const again = await callApi(server.baseURL, 'PUT', `/api/admin/venues/${seeded.venueId}/validation`, { token, body: { validated: true } });
      assert.equal(again.status, 200);
      const outbox = await callApi(server.baseURL, 'GET', `/api/admin/outbox?to=${encodeURIComponent(OWNER)}`, { token });
      assert.equal(outbox.body.items.filter((m) => m.subject.includes(VENUE)).length, 1);
    }),
  );
});

describe("a venue owner's requests", () => {
  it('sees which venue a request is for and unlocks it with a credit', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, OWNER);
      // The new-request popup greets venue owners as planners.
      const popup = page.getByRole('dialog', { name: /nouvelles? demandes?/ });
      await popup.waitFor();
      await popup.getByRole('button', { name: 'Plus tard' }).click();
      await popup.waitFor({ state: 'detached' });

      const menu = mainMenu(page);
      await menu.getByRole('link', { name: 'Crédits' }).waitFor();
      await menu.getByRole('link', { name: 'Abonnement' }).waitFor();
      await menu.getByRole('link', { name: 'Demandes' }).click();
      await page.waitForURL('**/event-requests');
      const grid = page.getByRole('grid', { name: "Vos demandes d'événement" });
      // The newest request is the seeded one: it was sent after the demo's.
      const row = grid.getByRole('row').nth(1);
      await row.getByTestId('request-venue').getByText(`Pour ${VENUE}`).waitFor();
      await shot(page, 'venue-requests');

      const before = await credits(page);
      await row.getByRole('link').click();
      await page.waitForURL(/\/event-requests\/[0-9a-f-]+$/);
      const venue = page.getByTestId('request-venue');
      await venue.getByText('Pour votre lieu').waitFor();
      assert.equal(await venue.getByRole('link', { name: VENUE }).getAttribute('href'), `/venues/${seeded.venueId}`);
      const contact = page.getByTestId('contact-card');
      await contact.getByRole('button', { name: 'Débloquer' }).click();
      const confirm = page.getByRole('dialog', { name: 'Débloquer cette demande ?' });
      const balance = new RegExp(`Vos crédits\\s*${before}\\s*Après déblocage\\s*${before - 1}`);
      assert.match(await confirm.getByTestId('unlock-balance').innerText(), balance);
      await confirm.getByRole('button', { name: 'Débloquer pour 1 crédit' }).click();
      await contact.getByRole('link', { name: 'chloe.martin@example.com' }).waitFor();
      await snackbar(page).getByText(/Demande débloquée/).waitFor();
      await snackbar(page).waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, 'venue-request-unlocked');

      assert.equal(await credits(page), before - 1);
    }),
  );
});
