/**
 * What the login and registration pages show beside the form (part 1 §2):
 * benefits, a review teaser and example profiles. Texts live in the
 * dictionaries under marketing.*; the figures are the spec's (§9).
 */
export const BENEFITS = [
  { id: 'requests', labelKey: 'marketing.benefits.requests' },
  { id: 'profile', labelKey: 'marketing.benefits.profile' },
  { id: 'credits', labelKey: 'marketing.benefits.credits' },
  { id: 'badge', labelKey: 'marketing.benefits.badge' },
] as const;

export type BenefitId = (typeof BENEFITS)[number]['id'];

export interface ShowcaseProfile {
  id: string;
  /** A person's or venue's name: not translated. */
  name: string;
  initials: string;
  color: string;
  roleKey: string;
  place: string;
  taglineKey: string;
  serviceKeys: string[];
}

export const SHOWCASE_PROFILES: readonly ShowcaseProfile[] = [
  {
    id: 'lea',
    name: 'Léa Moreau',
    initials: 'LM',
    color: '#9a3f63',
    roleKey: 'marketing.roles.planner',
    place: 'Lyon',
    taglineKey: 'marketing.profiles.lea',
    serviceKeys: ['marketing.services.fullPlanning', 'marketing.services.dayCoordination'],
  },
  {
    id: 'tilleuls',
    name: 'Domaine des Tilleuls',
    initials: 'DT',
    color: '#5c420a',
    roleKey: 'marketing.roles.venue',
    place: 'Saint-Émilion',
    taglineKey: 'marketing.profiles.tilleuls',
    serviceKeys: ['marketing.services.venue'],
  },
  {
    id: 'marco',
    name: 'Marco Bianchi',
    initials: 'MB',
    color: '#0b61a4',
    roleKey: 'marketing.roles.designer',
    place: 'Firenze',
    taglineKey: 'marketing.profiles.marco',
    serviceKeys: ['marketing.services.weddingDesign', 'marketing.services.secularCeremony'],
  },
  {
    id: 'ana',
    name: 'Ana Costa',
    initials: 'AC',
    color: '#1e6b34',
    roleKey: 'marketing.roles.planner',
    place: 'Lisboa',
    taglineKey: 'marketing.profiles.ana',
    serviceKeys: ['marketing.services.fullPlanning', 'marketing.services.partialPlanning'],
  },
];

export const REVIEW_RATING = 4.8;

/** Part 1 §9: the carousel moves on every 5 seconds. */
export const CAROUSEL_INTERVAL_MS = 5_000;
