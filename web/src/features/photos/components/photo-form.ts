import { z } from 'zod';

/** The server's limits (internal/media/images.go photoText), counted after trimming. */
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;

const length = (min: number, max: number, required: string, wrong: string) =>
  z.string().superRefine((value, ctx) => {
    const n = [...value.trim()].length;
    if (n === 0) ctx.addIssue({ code: 'custom', message: required });
    else if (n < min || n > max) ctx.addIssue({ code: 'custom', message: wrong });
  });

/** Title and description of a photo; the messages are the server's codes, which are also text keys. */
export const photoTextSchema = z.object({
  title: length(TITLE_MIN, TITLE_MAX, 'photos.errors.title_required', 'photos.errors.title_length'),
  description: length(DESCRIPTION_MIN, DESCRIPTION_MAX, 'photos.errors.description_required', 'photos.errors.description_length'),
});

export type PhotoTextValues = z.infer<typeof photoTextSchema>;
