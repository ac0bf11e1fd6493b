import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { uploadWithProgress } from '@/lib/upload';

export type Venue = components['schemas']['Venue'];
export type VenueCard = components['schemas']['VenueCard'];
export type VenueImage = components['schemas']['VenueImage'];
export type VenueVideo = components['schemas']['VenueVideo'];
export type VenueVideoInput = components['schemas']['VenueVideoInput'];
export type VenueFeatures = components['schemas']['VenueFeatures'];
export type VenuePrestationDetail = components['schemas']['VenuePrestationDetail'];
export type VenueList = paths['/api/venues']['get']['responses']['200']['content']['application/json'];
export type VenueOption = { value: string; label: string };
export type VenuePrestation = { slug: string; label: string };
/** The metadata a venue photo's PUT may change; every field optional. */
export type VenueImagePatch = NonNullable<paths['/api/venues/{id}/images/{imageId}']['put']['requestBody']>['content']['application/json'];

export function listVenues(signal?: AbortSignal): Promise<VenueList> {
  return unwrap(api.GET('/api/venues', { signal }));
}

export function getVenue(id: string, signal?: AbortSignal): Promise<Venue> {
  return unwrap(api.GET('/api/venues/{id}', { params: { path: { id } }, signal }));
}

export async function listVenueTypes(signal?: AbortSignal): Promise<VenueOption[]> {
  return (await unwrap(api.GET('/api/venues/types', { signal }))).types;
}

export async function listVenuePrestations(signal?: AbortSignal): Promise<VenuePrestation[]> {
  return (await unwrap(api.GET('/api/venues/prestations', { signal }))).prestations;
}

/**
 * POST /api/venues (create) or /api/venues/{id} (update): a multipart form
 * with photos, sent through XMLHttpRequest for its upload progress.
 */
export function saveVenue(id: string | null, form: FormData, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<Venue> {
  const path = id === null ? '/api/venues' : `/api/venues/${encodeURIComponent(id)}`;
  return uploadWithProgress<Venue>({ path, form, onProgress, signal });
}

export async function deleteVenue(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/venues/{id}', { params: { path: { id } } }));
}

export function publishVenue(id: string, published: boolean): Promise<Venue> {
  return unwrap(api.PUT('/api/venues/{id}/publish', { params: { path: { id } }, body: { published } }));
}

/** POST /api/venues/{id}/images: one photo with its metadata, with progress. */
export async function uploadVenueImage(id: string, form: FormData, onProgress?: (sent: number) => void, signal?: AbortSignal): Promise<VenueImage> {
  const reply = await uploadWithProgress<{ image: VenueImage }>({ path: `/api/venues/${encodeURIComponent(id)}/images`, form, onProgress, signal });
  return reply.image;
}

export function updateVenueImage(id: string, imageId: string, body: VenueImagePatch): Promise<VenueImage> {
  return unwrap(api.PUT('/api/venues/{id}/images/{imageId}', { params: { path: { id, imageId } }, body }));
}

export async function deleteVenueImage(id: string, imageId: string): Promise<void> {
  await unwrap(api.DELETE('/api/venues/{id}/images/{imageId}', { params: { path: { id, imageId } } }));
}
