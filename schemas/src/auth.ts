// Session wire shapes: sign-in and registration bodies, the signed-in user.
import { z } from 'zod';
import { FEATURES, roleSchema } from './permissions';
import { singleLine, text } from './text-fields';

export const loginBodySchema = z.object({
  username: singleLine('Username', { error: 'Username is required' }).min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: text('Password', { error: 'Password is required', trim: false }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  username: singleLine('Username', { error: 'Username is required' }).min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: text('Password', { error: 'Password is required', trim: false }).min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters'),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  /** Every feature for an admin; the granted ones for a user. */
  permissions: z.array(z.enum(FEATURES)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
