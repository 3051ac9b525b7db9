// Lander bodies (spec §5 Landers): name and URL, non-empty after trimming; the URL is http(s).
// Form-level messages (no field path), as the spec's 'Validation error' toasts show them.
import { z } from 'zod';
import { httpUrl } from './http-url';
import { singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

export const LANDER_REQUIRED_MESSAGE = 'Please provide both name and URL';

const name = singleLine('Lander name', { error: LANDER_REQUIRED_MESSAGE }).max(200, 'Lander name must be at most 200 characters');
// Normalised on save (http-url.ts), so the click redirect's Location is always valid.
const url = httpUrl('Lander URL', { error: LANDER_REQUIRED_MESSAGE, max: 2000 });

/** POST /api/landers. */
export const landerCreateSchema = z
  .strictObject({ name: name.default(''), url: url.default('') })
  .refine((b) => b.name !== '' && b.url !== '', LANDER_REQUIRED_MESSAGE);
export type LanderCreateBody = z.input<typeof landerCreateSchema>;

/** PATCH /api/landers/:id: the same fields; those sent must be valid. */
export const landerUpdateSchema = z
  .strictObject({ name: name.optional(), url: url.optional() })
  .refine((b) => b.name !== '' && b.url !== '', LANDER_REQUIRED_MESSAGE);
export type LanderUpdateBody = z.input<typeof landerUpdateSchema>;

/** One row of GET /api/landers, and the answer to a create or an edit. */
export const landerSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  createdAt: wireTimestamp,
});
export type Lander = z.output<typeof landerSchema>;
