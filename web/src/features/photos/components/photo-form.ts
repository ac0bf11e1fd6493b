import { z } from 'zod/mini';
import { ruled } from '@/lib/validation/zod-rules';

/** The server's limits (internal/media/images.go photoText), counted after trimming. */
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;

// zod/mini, as every form of the app: the classic build would add its own
// copy of zod's core to the first page's shared chunk.
const length = (min: number, max: number, required: string, wrong: string) =>
  ruled((value) => {
    const n = [...value].length;
    if (n === 0) return required;
    return n < min || n > max ? wrong : null;
  });

/** Title and description of a photo; the messages are the server's codes, which are also text keys. */
export const photoTextSchema = z.object({
  title: length(TITLE_MIN, TITLE_MAX, 'photos.errors.title_required', 'photos.errors.title_length'),
  description: length(DESCRIPTION_MIN, DESCRIPTION_MAX, 'photos.errors.description_required', 'photos.errors.description_length'),
});

export type PhotoTextValues = z.input<typeof photoTextSchema>;
