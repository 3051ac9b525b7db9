// Session wire shapes: sign-in, registration and password-change bodies, the signed-in user.
import { z } from 'zod';
import { CURRENCY_CODES } from './currency';
import { FEATURES, roleSchema } from './permissions';
import { singleLine, text } from './text-fields';

export const loginBodySchema = z.strictObject({
  username: singleLine('Username', { error: 'Username is required' }).min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: text('Password', { error: 'Password is required', trim: false }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.strictObject({
  username: singleLine('Username', { error: 'Username is required' }).min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: text('Password', { error: 'Password is required', trim: false }).min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /api/user/password: a signed-in user's own password change (the new one as registration wants it). */
export const passwordChangeBodySchema = z.strictObject({
  currentPassword: text('Current password', { error: 'Current password is required', trim: false })
    .min(1, 'Current password is required')
    .max(200, 'Current password must be at most 200 characters'),
  newPassword: text('New password', { error: 'New password is required', trim: false })
    .min(8, 'New password must be at least 8 characters')
    .max(200, 'New password must be at most 200 characters'),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  /** Every feature for an admin; the granted ones for a user. */
  permissions: z.array(z.enum(FEATURES)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/user, POST /api/login and /api/register: the user, the report time zone, so every screen's
 *  date presets and first request count days in that zone before any report has answered, and the
 *  workspace currency (setting `currency`) every money figure is shown in; non-admins cannot read settings. */
export const signedInUserSchema = sessionUserSchema.extend({ reportTimezone: z.string(), currency: z.enum(CURRENCY_CODES) });
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** POST /api/user/password and /api/logout: done (the cookie is what changed). */
export const sessionChangedSchema = z.object({ ok: z.literal(true) });
export type SessionChanged = z.output<typeof sessionChangedSchema>;
