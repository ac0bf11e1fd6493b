/** Part 2 §5 and the server's rules: PNG, JPEG, GIF or WEBP, at most 10 MB, at least 360 × 360 (also after cropping). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIN_SIDE = 360;

export type ImageProblem = 'invalid_format' | 'too_large' | 'too_small' | 'read_failed';

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

/** The checks made before the crop step; the size when the file may go on, else the problem. */
export async function checkImage(
  file: Blob,
  readSize: (file: Blob) => Promise<ImageSize | null> = readImageSize,
): Promise<{ problem: ImageProblem } | { size: ImageSize }> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { problem: 'invalid_format' };
  if (file.size > IMAGE_MAX_BYTES) return { problem: 'too_large' };
  const size = await readSize(file);
  if (!size) return { problem: 'invalid_format' };
  if (size.width < IMAGE_MIN_SIDE || size.height < IMAGE_MIN_SIDE) return { problem: 'too_small' };
  return { size };
}
