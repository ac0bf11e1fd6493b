// The dashboard's checklist, from a new planner's first visit to 7/7: each
// step's link opens a working screen (never a "coming soon" page), and the
// step ticks once what it asks is done. The screens' own journeys
// (photos, content, portfolios, social) drive each screen; here each step's
// work is done through the API, so the test is about the links and the ticks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { journey, login, onboardedPlanner, pngImage, shot, useServer } from './harness.mjs';

const T = { timeout: 180_000 };

const server = useServer();

/** Each step: the screen its link opens, that screen's heading, and the work that ticks it. */
const STEPS = [
  { task: 'picture', path: '/images', heading: /Photos/ },
  { task: 'photos', path: '/images', heading: /Photos/ },
  { task: 'videos', path: '/videos', heading: /Vidéos/ },
  { task: 'portrait', path: '/portrait-experiences', heading: /Portrait/ },
  { task: 'experiences', path: '/portrait-experiences', heading: /Portrait/ },
  { task: 'serviceDetails', path: '/company/services', heading: /Prestations|Services/ },
];

describe('the dashboard checklist', () => {
  it('a new planner follows each step to its screen and reaches 7/7', T, async () => {
    const email = `checklist-${Date.now()}@noces.test`;
    const { token } = await onboardedPlanner(server.baseURL, 'Atelier Garnier', email);
    const auth = { Authorization: `Bearer ${token}`, 'Accept-Language': 'fr' };

    await journey({}, async (page) => {
      const api = async (method, path, options) => {
        const response = await page.request.fetch(`${server.baseURL}${path}`, { method, headers: auth, ...options });
        assert.ok(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`);
      };
      const photo = (name) => ({ name, mimeType: 'image/png', buffer: pngImage(900, 700) });
      const work = {
        picture: () => api('POST', '/api/images/upload-profile-image', { multipart: { image: photo('portrait.png') } }),
        photos: () =>
          api('POST', '/api/images/upload', {
            multipart: { image: photo('salle.png'), title: 'La salle dressée', description: 'Une table de cent vingt couverts au domaine.' },
          }),
        videos: () => api('POST', '/api/videos', { data: { title: 'Le film du mariage', description: '', link: 'https://youtu.be/dQw4w9WgXcQ' } }),
        portrait: () =>
          api('POST', '/api/portrait-experiences', {
            data: {
              portrait: `<p>Je suis Inès, wedding planner à Lyon depuis ${Date.now() % 1000} saisons, et j’aime les mariages intimes.</p>`,
              experience: '',
              service: '',
              benefits: '',
            },
          }),
        experiences: () =>
          api('POST', '/api/portrait-experiences', {
            data: {
              portrait: `<p>Je suis Inès, wedding planner à Lyon depuis ${Date.now() % 1000} saisons, et j’aime les mariages intimes.</p>`,
              experience: `<p>Quarante mariages dans les Monts d’Or et le Beaujolais (${email}).</p>`,
              service: `<ul><li><p>Un carnet de route partagé avec ${email}</p></li></ul>`,
              benefits: `<p>Un réseau d’artisans lyonnais choisis un à un pour ${email}.</p>`,
            },
          }),
        serviceDetails: () =>
          api('POST', '/api/company/services', {
            data: {
              langues: [4],
              prestations: [4],
              prestationDetails: [{ prestationId: 4, description: 'Organisation complète, du premier rendez-vous au dernier slow.', budgetStartingFrom: 2500 }],
            },
          }),
      };

      await login(page, server.baseURL, email);
      await page.goto(`${server.baseURL}/dashboard`);
      const card = page.getByTestId('profile-completion');
      const count = card.getByTestId('completion-count');
      await assert.doesNotReject(count.waitFor());
      // Onboarding chose the services: one step of seven is done.
      assert.equal(await count.textContent(), '1/7 étapes');
      await shot(page, 'checklist-new-planner');

      let done = 1;
      for (const step of STEPS) {
        const item = card.locator(`[data-task="${step.task}"]`);
        assert.equal(await item.getAttribute('data-done'), 'false', `${step.task} starts undone`);
        await item.getByRole('link').click();
        await page.waitForURL((url) => url.pathname === step.path);
        await page.getByRole('heading', { level: 1, name: step.heading }).first().waitFor();
        assert.equal(await page.getByText('Bientôt disponible').count(), 0, `${step.path} is a real screen`);
        await work[step.task]();
        // The work went through the API, behind the screen's back (the
        // screens refresh the user themselves): a new visit reads it.
        await page.goto(`${server.baseURL}/dashboard`);
        done += 1;
        await card.locator(`[data-task="${step.task}"][data-done="true"]`).waitFor();
        assert.equal(await count.textContent(), `${done}/7 étapes`, `after ${step.task}`);
      }
      await card.getByText('Bravo : votre profil est complet !').waitFor();
      await shot(page, 'checklist-complete');
    });
  });
});
