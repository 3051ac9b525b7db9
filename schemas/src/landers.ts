// Lander bodies (spec §5 Landers): name and URL, non-empty after trimming; the URL is http(s).
// Form-level messages (no field path), as the spec's 'Validation error' toasts show them.
import { z } from 'zod';
import { HTTP_URL_MESSAGE, isHttpUrl } from './offers';

export const LANDER_REQUIRED_MESSAGE = 'Please provide both name and URL';

const name = z.string({ error: LANDER_REQUIRED_MESSAGE }).trim().max(200, 'Lander name must be at most 200 characters');
const url = z.string({ error: LANDER_REQUIRED_MESSAGE }).trim().max(2000, 'Lander URL must be at most 2000 characters');

/** POST /api/landers. */
export const landerCreateSchema = z
  .object({ name: name.default(''), url: url.default('') })
  .refine((b) => b.name !== '' && b.url !== '', LANDER_REQUIRED_MESSAGE)
  .refine((b) => b.url === '' || isHttpUrl(b.url), HTTP_URL_MESSAGE);
export type LanderCreateBody = z.input<typeof landerCreateSchema>;

/** PATCH /api/landers/:id: the same fields; those sent must be valid. */
export const landerUpdateSchema = z
  .object({ name: name.optional(), url: url.optional() })
  .refine((b) => b.name !== '' && b.url !== '', LANDER_REQUIRED_MESSAGE)
  .refine((b) => !b.url || isHttpUrl(b.url), HTTP_URL_MESSAGE);
export type LanderUpdateBody = z.input<typeof landerUpdateSchema>;
