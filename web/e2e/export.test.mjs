// Leaving with your data, against the real binary: a planner
// asks for the export on the account page (one click), sees it being
// prepared, gets the e-mail, downloads the zip and opens it (a tiny
// central-directory reader: no zip package in node_modules); the account
// deletion dialog offers the export first. Screenshots at 390 and 1440 px,
// axe on every screen.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { journey as harnessJourney, login, onboardedPlanner, shot, useServer, waitForOutbox } from './harness.mjs';

const T = { timeout: 60_000 };
const EMAIL = 'export-planner@example.org';
const COMPANY = 'Atelier Départ';

const server = useServer({ setUp: (s) => onboardedPlanner(s.baseURL, COMPANY, EMAIL) });
const journey = (options, fn) => harnessJourney({ stepTimeout: 15_000, ...options }, fn);

/** The entries of a zip, name to bytes, read from its central directory (stored or deflated). */
function unzip(buf) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end -= 1;
  assert.ok(end >= 0, 'no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i += 1) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

describe('leaving with your data', () => {
  it('the planner exports from the account page, gets the e-mail, downloads and opens the zip; the deletion dialog offers it', T, () =>
    journey({}, async (page) => {
      await login(page, server.baseURL, EMAIL);
      await page.goto(`${server.baseURL}/account`);
      const card = page.getByTestId('export-card');
      await card.getByRole('heading', { name: 'Exporter mes données' }).waitFor();
      const start = card.getByRole('button', { name: 'Exporter mes données' });
      await start.waitFor();
      await shot(page, 'export-account');

      await start.click();
      await card.getByText(/Votre export est en préparation/).waitFor();
      await shot(page, 'export-pending');

      const mail = await waitForOutbox(page.request, server.baseURL, EMAIL, (m) => m.subject === 'Votre export de données Noces est prêt', {
        timeoutMs: 20_000,
      });
      assert.ok(mail);

      // The page turns into the download link by itself.
      const link = card.getByRole('link', { name: 'Télécharger le zip' });
      await link.waitFor({ timeout: 20_000 });
      assert.match(await card.getByRole('status').innerText(), /Votre export du \d{1,2} \S+ \d{4}.* est prêt \(\d+\s*ko\)/);
      await shot(page, 'export-ready');

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.match(download.suggestedFilename(), /^noces-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzip(await readFile(await download.path()));
      for (const name of ['README.txt', 'requests.csv', 'requests.json', 'conversations.csv', 'reviews.csv', 'credit_history.csv', 'payments.csv', 'company.csv', 'profile.csv']) {
        assert.ok(files.has(name), `${name} in ${[...files.keys()].join(', ')}`);
      }
      const readme = files.get('README.txt').toString('utf8');
      assert.match(readme, /Noces : les données de Inès/);
      assert.match(files.get('company.csv').toString('utf8'), new RegExp(COMPANY));
      assert.match(files.get('account.csv').toString('utf8'), new RegExp(EMAIL));

      // Leaving: the deletion dialog offers the export first.
      await page.getByRole('button', { name: 'Supprimer mon compte…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
      await dialog.getByRole('heading', { name: "Emportez d'abord vos données" }).waitFor();
      await dialog.getByRole('link', { name: 'Télécharger le zip' }).waitFor();
      await shot(page, 'export-delete-dialog');
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await dialog.waitFor({ state: 'detached' });
    }));
});
