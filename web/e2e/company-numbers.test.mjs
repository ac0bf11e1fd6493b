// Company numbers per country, against the real binary: an Italian planner
// is asked for its Partita IVA (not a SIRET), in Italian; an invalid number
// is refused with the Partita IVA's own message, a valid one typed with
// spaces and the IT prefix is saved in its normal form. Then the admin's
// moderation queue names it as Italy does, with no register check.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callApi, journey, login, PASSWORD, shot, useServer } from './harness.mjs';

const T = { timeout: 120_000 };
const server = useServer();

/** An Italian planner in Milan, registered and onboarded through the API with a valid Partita IVA. */
async function italianPlanner(email, name) {
  const registered = await callApi(server.baseURL, 'POST', '/api/register', {
    body: { email, phone: '+39 312 345 6789', firstname: 'Giulia', lastname: 'Rossi', password: PASSWORD, role: 'ROLE_PRESTATAIRE', tosIsAccepted: true, locale: 'it' },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const body = (siret) => ({
    company: {
      name,
      siret,
      address: { zipcode: '20121', city: 'Milano', countryCode: 'IT', latitude: 45.4642, longitude: 9.19 },
      prestations: [4],
      langues: [4],
      dateOfCreation: '2014-05-01',
    },
  });
  // A SIRET is not an Italian number: refused with the Partita IVA's message.
  const refused = await callApi(server.baseURL, 'POST', '/api/onboarding/finish', { token: registered.body.token, body: body('73282932000074') });
  assert.equal(refused.status, 422, JSON.stringify(refused.body));
  assert.equal(refused.body.fields.siret, 'company_number.errors.it');
  const finished = await callApi(server.baseURL, 'POST', '/api/onboarding/finish', { token: registered.body.token, body: body('07643520567') });
  assert.equal(finished.status, 201, JSON.stringify(finished.body));
}

describe('a planner outside France', () => {
  it("enters an invalid then a valid Partita IVA and sees Italy's name for it", T, () =>
    journey({ locale: 'it-IT' }, async (page) => {
      const email = `numbers-${Date.now()}@noces.test`;
      await italianPlanner(email, 'Studio Rossi Matrimoni');
      await login(page, server.baseURL, email);
      await page.goto(`${server.baseURL}/company/details`);
      await page.getByRole('heading', { level: 1, name: "Dati dell'azienda" }).waitFor();
      const number = page.getByLabel(/^Partita IVA/);
      assert.equal(await number.inputValue(), '07643520567');
      assert.equal(await page.getByLabel(/SIRET/).count(), 0, 'no SIRET outside France');
      await page.getByText('11 cifre, es. 00743110157').waitFor();
      await shot(page, 'company-numbers-it');

      // One digit changed: the Partita IVA's own message, Save disabled.
      await number.fill('00743110158');
      await number.blur();
      await page.getByText('La Partita IVA è di 11 cifre con una cifra di controllo valida').waitFor();
      const save = page.getByRole('button', { name: 'Salva' });
      assert.ok(await save.isDisabled());
      await shot(page, 'company-numbers-it-invalid');

      // Typed with the VAT prefix and spaces: saved in its normal form.
      await number.fill('IT 007 431 101 57');
      await number.blur();
      await save.click();
      await page.getByText('Le tue modifiche sono state salvate').waitFor();
      await page.reload();
      await page.getByLabel(/^Partita IVA/).waitFor();
      assert.equal(await page.getByLabel(/^Partita IVA/).inputValue(), '00743110157');
    }),
  );

  it('is named as its country names it in the moderation queue, without a register check', T, () =>
    journey({}, async (page) => {
      const email = `numbers-admin-${Date.now()}@noces.test`;
      await italianPlanner(email, 'Studio Bianchi Nozze');
      await login(page, server.baseURL, 'admin@noces.test');
      await page.goto(`${server.baseURL}/admin/moderation`);
      const row = page.getByRole('row').filter({ hasText: 'Studio Bianchi Nozze' });
      await row.waitFor();
      assert.match(await row.innerText(), /07643520567[\s\S]*Partita IVA/);
      assert.equal(await row.getByTestId('siret-chip').count(), 0, 'no register verdict outside France');
      await shot(page, 'company-numbers-admin');
    }),
  );
});
