// The UK domain's money against the real binary in sandbox mode: a planner
// who signed up on pro.uk.localhost sees credits and premium in pounds, buys
// 3 credits on the sandbox's test card page for £62.50, and its credit log
// keeps the purchase in GBP.
// `cd web && NOCES_BIN=../bin/noces node --test e2e/money-gbp.test.mjs`
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { apiTokens, callApi, journey, login, PASSWORD, shot, useServer } from './harness.mjs';

const T = { timeout: 60_000 };
const server = useServer();

/**
 * A call to the API as a browser on `host` sends it: the domain comes from the
 * Host header, which Node's fetch does not let a caller set (and *.localhost
 * names do not resolve outside the browser).
 */
function apiOn(host, method, path, { token, body } = {}) {
  const url = new URL(server.baseURL);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          Host: `${host}:${url.port}`,
          ...(data ? { 'Content-Type': 'application/json' } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

/** A London planner signed up on the UK back-office, onboarded with a company number and approved by the admin. */
async function ukPlanner(email) {
  const registered = await apiOn('pro.uk.localhost', 'POST', '/api/register', {
    body: { email, phone: '+44 7911 123456', firstname: 'Olivia', lastname: 'Hughes', password: PASSWORD, role: 'ROLE_PRESTATAIRE', tosIsAccepted: true, locale: 'en' },
  });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const token = registered.body.token;
  const finished = await apiOn('pro.uk.localhost', 'POST', '/api/onboarding/finish', {
    token,
    body: {
      company: {
        name: 'Hughes Weddings Ltd',
        siret: '09876543',
        address: { zipcode: 'SW1A 1AA', city: 'London', countryCode: 'GB', latitude: 51.501, longitude: -0.1416 },
        prestations: [4],
        langues: [4],
        dateOfCreation: '2015-03-01',
      },
    },
  });
  assert.equal(finished.status, 201, JSON.stringify(finished.body));
  const me = await callApi(server.baseURL, 'GET', '/api/me', { token });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  const admin = await callApi(server.baseURL, 'POST', '/api/login_check', { body: { username: 'admin@noces.test', password: PASSWORD } });
  const approved = await callApi(server.baseURL, 'POST', `/api/admin/users/${me.body.id}/approve`, { token: admin.body.token });
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  return token;
}

describe('money on the UK domain', () => {
  it('a UK planner sees pounds, buys 3 credits in the sandbox, and the ledger keeps GBP', T, () =>
    journey({ locale: 'en-GB', stepTimeout: 20_000 }, async (page) => {
      const email = `uk-money-${Date.now()}@noces.test`;
      await ukPlanner(email);
      const pro = `http://pro.uk.localhost:${new URL(server.baseURL).port}`;
      await login(page, pro, email);

      await page.goto(`${pro}/credits`);
      await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
      await page.getByRole('button', { name: /^3 credits\b/ }).click();
      const total = page.getByTestId('price-total');
      await total.filter({ hasText: '£62.50' }).waitFor();
      assert.doesNotMatch(await page.getByTestId('purchase-card').innerText(), /€/);
      await shot(page, 'money-gbp-credits');

      await page.getByTestId('buy-button').click();
      const dialog = page.getByRole('dialog', { name: 'Secure payment' });
      await dialog.getByTestId('sandbox-payment').waitFor();
      assert.match(await dialog.innerText(), /£62\.50/);
      await dialog.getByRole('button', { name: 'Continue to the test payment page' }).click();
      await page.waitForURL(/\/sandbox\/pay\//);
      assert.match(await page.locator('main').innerText(), /£62\.50/);
      await page.locator('#card').fill('4242 4242 4242 4242');
      await page.locator('form button[type="submit"]').click();

      await page.waitForURL((url) => url.pathname === '/credits');
      const done = page.getByTestId('payment-return');
      await done.waitFor({ timeout: 15_000 });
      assert.match(await done.innerText(), /3 credits have been added/);
      // The history says what the purchase cost, in pounds.
      await page.getByTestId('credit-log-paid').filter({ hasText: '£62.50' }).waitFor();

      const { token } = await apiTokens(page.request, server.baseURL, email);
      const logs = await callApi(server.baseURL, 'GET', '/api/credits/logs', { token });
      const purchase = logs.body.logs.find((row) => row.deposited === 3);
      assert.deepEqual([purchase?.currency, purchase?.amountCents], ['GBP', 6250], JSON.stringify(logs.body));

      await page.goto(`${pro}/subscription`);
      const premium = page.getByTestId('plan-premium-price');
      await premium.filter({ hasText: '£49.17' }).waitFor();
      assert.match(await page.getByTestId('subscribe-button').innerText(), /£590/);
      await shot(page, 'money-gbp-subscription');
    }),
  );
});
