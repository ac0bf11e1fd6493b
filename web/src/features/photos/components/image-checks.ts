/** Part 1 §8 and the server's rules: PNG, JPEG, GIF or WEBP, at most 10 MB, at least 360 × 360. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_IMAGE_MIN_SIDE = 360;

export type ProfileImageProblem = 'invalid_format' | 'too_large' | 'too_small';

export interface ImageSize {
  width: number;
  height: number;
}

/** Reads an image's size in the browser; null when it cannot be decoded. */
export function readImageSize(file: Blob): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

/** The client checks made before uploading; null when the file may be sent. */
export async function checkProfileImage(
  file: Blob,
  readSize: (file: Blob) => Promise<ImageSize | null> = readImageSize,
): Promise<ProfileImageProblem | null> {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalid_format';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'too_large';
  const size = await readSize(file);
  if (!size) return 'invalid_format';
  if (size.width < PROFILE_IMAGE_MIN_SIDE || size.height < PROFILE_IMAGE_MIN_SIDE) return 'too_small';
  return null;
}

/** Adds a version to the picture's address so no cache shows the previous one. */
export function withCacheBust(url: string, version: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}
