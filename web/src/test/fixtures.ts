import type { User } from '@/lib/auth/user';

/** A moderated, onboarded free planner with 3 credits; override what a test needs. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '0190a1b2-0000-7000-8000-000000000001',
    roles: ['ROLE_PRESTATAIRE'],
    locale: 'fr',
    fullName: 'Camille Martin',
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'planner@noces.test',
    phone: '+33612345678',
    avatar: null,
    publicUrl: 'http://fr.localhost/p/camille-martin',
    credits: 3,
    city: 'Lyon',
    isPremium: false,
    isModerated: true,
    hasFinishedOnboarding: true,
    hasProfilePicture: false,
    hasVideos: false,
    hasPhotos: false,
    missingPortrait: true,
    missingExperiences: true,
    missingBenefits: true,
    missingServices: false,
    missingServiceDetails: true,
    premiumStatus: 'none',
    premiumStartAt: null,
    premiumEndAt: null,
    country: 'FR',
    zipcode: '69001',
    latitude: 45.76,
    longitude: 4.83,
    impersonatorId: null,
    ...overrides,
  };
}
