/** A rectangle of the source image, in its own pixels (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Sent at most this long on the longer side: the server keeps 1200, twice that leaves it room and spares the upload. */
export const CROP_MAX_SIDE = 2400;

/** Raised when the browser cannot decode or draw the image: the "crop failed" error of part 2 §8. */
export class CropError extends Error {
  constructor(cause?: unknown) {
    super('The image could not be cropped.', { cause });
    this.name = 'CropError';
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new CropError());
    image.src = src;
  });
}

/**
 * Cuts area out of the image at src and returns it as a JPEG (the server
 * re-encodes every photo as JPEG anyway), scaled down to CROP_MAX_SIDE. A
 * transparent background becomes white, as it will on the public page.
 */
export async function cropImage(src: string, area: PixelArea, maxSide = CROP_MAX_SIDE): Promise<Blob> {
  const image = await loadImage(src);
  const width = Math.round(area.width);
  const height = Math.round(area.height);
  if (width <= 0 || height <= 0) throw new CropError();
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new CropError();
  try {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, Math.round(area.x), Math.round(area.y), width, height, 0, 0, canvas.width, canvas.height);
  } catch (error) {
    throw new CropError(error);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new CropError();
  return blob;
}

/**
 * The largest zoom that still leaves a crop of at least minSide on each side,
 * for an image of width × height cropped at aspect (width / height).
 */
export function maxZoomFor(width: number, height: number, aspect: number, minSide: number): number {
  const cropWidth = Math.min(width, height * aspect);
  const cropHeight = cropWidth / aspect;
  return Math.max(1, Math.min(cropWidth, cropHeight) / minSide);
}
