import { z } from 'zod';

// The small answers the API gives after a change.

/** POST that creates a row (201): its new id. */
export const insertedIdResponseSchema = z.strictObject({ insertedId: z.string() });
export type InsertedIdResponse = z.infer<typeof insertedIdResponseSchema>;

/** PATCH: how many rows changed (0 or 1). */
export const modifiedCountResponseSchema = z.strictObject({ modifiedCount: z.number().int() });
export type ModifiedCountResponse = z.infer<typeof modifiedCountResponseSchema>;

/** DELETE: how many rows went (0 or 1). */
export const deletedCountResponseSchema = z.strictObject({ deletedCount: z.number().int() });
export type DeletedCountResponse = z.infer<typeof deletedCountResponseSchema>;

/** POST /api/images (201); `display_url` is `/api/images/<id>.webp`. */
export const imageUploadResponseSchema = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({ display_url: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
