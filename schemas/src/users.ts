// User-management bodies (spec §5 Create user, §6): a new user, the feature permissions of a user,
// and the VCN nicknames assigned to one. Lists replace the stored set.
import { z } from 'zod';
import { FEATURES, ROLES, type Feature } from './permissions';
import { singleLine, text } from './text-fields';

export const USER_REQUIRED_MESSAGE = 'Missing fields: Username and password are required';

/** POST /api/users. */
export const userCreateSchema = z
  .object({
    username: singleLine('Username', { error: USER_REQUIRED_MESSAGE }).max(100, 'Username must be at most 100 characters').default(''),
    password: text('Password', { error: USER_REQUIRED_MESSAGE, trim: false }).max(200, 'Password must be at most 200 characters').default(''),
    role: z.enum(ROLES, { error: 'The role must be user or admin' }).default('user'),
  })
  .refine((b) => b.username !== '' && b.password !== '', USER_REQUIRED_MESSAGE)
  .refine((b) => b.password === '' || b.password.length >= 8, 'Password must be at least 8 characters');
export type UserCreateBody = z.input<typeof userCreateSchema>;

/** POST /api/users/:id/permissions: the complete set of features (duplicates dropped). */
export const userPermissionsSchema = z
  .object({ features: z.array(singleLine('Feature name').max(100), { error: 'features must be a list of feature names' }).max(100, 'features must be a list of feature names') })
  .transform((b, ctx) => {
    const unknown = b.features.filter((f) => !(FEATURES as readonly string[]).includes(f));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown feature: ${unknown.join(', ')} (features are ${FEATURES.join(', ')})` });
      return z.NEVER;
    }
    return { features: [...new Set(b.features)] as Feature[] };
  });
export type UserPermissionsBody = z.input<typeof userPermissionsSchema>;

/** POST /api/users/:id/vcn-assignments: the complete set of VCN nicknames (trimmed, blanks and duplicates dropped). */
export const vcnAssignmentsSchema = z
  .object({
    vcnNicknames: z
      .array(singleLine('VCN nickname').max(200, 'vcnNicknames entries must be at most 200 characters'), {
        error: 'vcnNicknames must be a list of nicknames',
      })
      .max(10_000, 'vcnNicknames can hold at most 10000 nicknames'),
  })
  .transform((b) => ({ vcnNicknames: [...new Set(b.vcnNicknames.filter((n) => n !== ''))] }));
export type VcnAssignmentsBody = z.input<typeof vcnAssignmentsSchema>;
