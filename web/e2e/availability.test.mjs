// Availability: a planner blocks a date on the month calendar
// by mouse and by keyboard, imports a small .ics (a weekly rule with an
// EXDATE and an all-day event), makes its private feed URL, copies it and
// fetches the feed, then renews it and the old URL is gone.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { callApi, journey, login, onboardedPlanner, shot, useServer } from './harness.mjs';

const server = useServer();

/** The dates of the month after the current one: day(12) is its 12th (YYYY-MM-DD). */
function nextMonth() {
  const now = new Date();
  const month = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 1)).toISOString().slice(0, 7);
  return (n) => `${month}-${String(n).padStart(2, '0')}`;
}

it('a planner blocks dates, imports an .ics and subscribes to its feed', { timeout: 60_000 }, async () => {
  const email = 'avail-e2e@example.com';
  const { token } = await onboardedPlanner(server.baseURL, 'Dates Heureuses', email);
  const day = nextMonth();
  const compact = (date) => date.replaceAll('-', '');

  await journey({ stepTimeout: 10_000 }, async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    await login(page, server.baseURL, email);
    await page.getByRole('link', { name: 'Disponibilités' }).first().click();
    await page.waitForURL('**/availability');
    await page.getByRole('button', { name: 'Mois suivant' }).click();
    const cell = (date) => page.locator(`[data-date="${date}"]`);

    // A click books the day, a second one makes it unavailable.
    await cell(day(12)).click();
    await page.waitForSelector(`[data-date="${day(12)}"][data-status="booked"]`);
    await cell(day(12)).click();
    await page.waitForSelector(`[data-date="${day(12)}"][data-status="unavailable"]`);
    // The keyboard: from the 12th, the right arrow then Enter books the 13th.
    await cell(day(12)).focus();
    await page.keyboard.press('ArrowRight');
    // The screen shows the change at once; the server has it when its PUT
    // answers (the changes are sent one after the other).
    const stored = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/availability/${day(13)}`));
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[data-date="${day(13)}"][data-status="booked"]`);
    assert.equal((await stored).status(), 200);
    const saved = await callApi(server.baseURL, 'GET', `/api/availability?from=${day(1)}&to=${day(28)}`, { token });
    assert.deepEqual(
      saved.body.days.map((d) => `${d.date} ${d.status}`),
      [`${day(12)} unavailable`, `${day(13)} booked`],
    );

    // An .ics: weekly on the 2nd, 9th and 16th with the 9th excepted, and
    // the 20th and 21st all day.
    const ics = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//E2E//EN',
      'BEGIN:VEVENT', 'UID:weekly@e2e', `DTSTART;VALUE=DATE:${compact(day(2))}`, 'RRULE:FREQ=WEEKLY;COUNT=3',
      `EXDATE;VALUE=DATE:${compact(day(9))}`, 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:weekend@e2e', `DTSTART;VALUE=DATE:${compact(day(20))}`, `DTEND;VALUE=DATE:${compact(day(22))}`, 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');
    await page.getByTestId('ics-input').setInputFiles({ name: 'agenda.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) });
    await page.getByRole('status').filter({ hasText: '4 jours trouvés dans 2 événements' }).waitFor();
    for (const n of [2, 16, 20, 21]) await page.waitForSelector(`[data-date="${day(n)}"][data-status="booked"]`);
    assert.equal(await cell(day(9)).getAttribute('data-status'), 'free');
    await shot(page, 'availability-calendar');

    // The private feed: made, copied, fetched with no session.
    await page.getByRole('button', { name: 'Créer mon lien privé' }).click();
    const url = await page.getByTestId('feed-url').inputValue();
    assert.match(url, /\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await page.getByRole('button', { name: 'Copier' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
    const path = new URL(url).pathname;
    const feed = await fetch(`${server.baseURL}${path}`);
    assert.equal(feed.status, 200);
    assert.equal(feed.headers.get('cache-control'), 'private, no-store');
    const body = await feed.text();
    assert.ok(body.startsWith('BEGIN:VCALENDAR\r\n') && body.endsWith('END:VCALENDAR\r\n'));
    for (const n of [2, 12, 13, 16, 20, 21]) assert.ok(body.includes(`DTSTART;VALUE=DATE:${compact(day(n))}\r\n`), `day ${n} in the feed`);
    assert.ok(!body.includes(`DTSTART;VALUE=DATE:${compact(day(9))}`));
    assert.ok(body.includes('SUMMARY:Indisponible'));
    await shot(page, 'availability-feed');

    // Renewing asks first, then the old URL is dead.
    await page.getByRole('button', { name: 'Renouveler le lien' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Renouveler' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction((old) => document.querySelector('[data-testid="feed-url"]')?.value !== old, url);
    assert.equal((await fetch(`${server.baseURL}${path}`)).status, 404);
  });
});
