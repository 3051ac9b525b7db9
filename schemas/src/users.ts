// User-management bodies (spec §5 Create user, §6): a new user, the feature permissions of a user,
// and the VCN nicknames assigned to one. Lists replace the stored set.
import { z } from 'zod';
import { FEATURES, ROLES, type Feature } from './permissions';
import { singleLine, text } from './text-fields';
import { wireTimestamp } from './wire-values';

export const USER_REQUIRED_MESSAGE = 'Missing fields: Username and password are required';

export const ADMIN_FEATURES_MESSAGE = 'Features are granted to role-user accounts only: an admin has every feature';

/** A complete set of feature names: the known ones only (unknown ones listed in the 400), duplicates dropped. */
const featureListSchema = z
  .array(singleLine('Feature name').max(100), { error: 'features must be a list of feature names' })
  .max(100, 'features must be a list of feature names')
  .transform((features, ctx) => {
    const unknown = features.filter((f) => !(FEATURES as readonly string[]).includes(f));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown feature: ${unknown.join(', ')} (features are ${FEATURES.join(', ')})` });
      return z.NEVER;
    }
    return [...new Set(features)] as Feature[];
  });

/** POST /api/users; `features` (role user only) are granted with the account, as the Create User dialog ticks them. */
export const userCreateSchema = z
  .strictObject({
    username: singleLine('Username', { error: USER_REQUIRED_MESSAGE }).max(100, 'Username must be at most 100 characters').default(''),
    password: text('Password', { error: USER_REQUIRED_MESSAGE, trim: false }).max(200, 'Password must be at most 200 characters').default(''),
    role: z.enum(ROLES, { error: 'The role must be user or admin' }).default('user'),
    features: featureListSchema.default([]),
  })
  .refine((b) => b.username !== '' && b.password !== '', USER_REQUIRED_MESSAGE)
  .refine((b) => b.password === '' || b.password.length >= 8, 'Password must be at least 8 characters')
  // Stored grants on an admin would show in the list as if they limited it; refuse rather than drop them.
  .refine((b) => b.role === 'user' || b.features.length === 0, ADMIN_FEATURES_MESSAGE);
export type UserCreateBody = z.input<typeof userCreateSchema>;

/** POST /api/users/:id/permissions: the complete set of features (duplicates dropped). */
export const userPermissionsSchema = z.strictObject({ features: featureListSchema });
export type UserPermissionsBody = z.input<typeof userPermissionsSchema>;

/** POST /api/users/:id/vcn-assignments: the complete set of VCN nicknames (trimmed, blanks and duplicates dropped). */
export const vcnAssignmentsSchema = z
  .strictObject({
    vcnNicknames: z
      .array(singleLine('VCN nickname').max(200, 'vcnNicknames entries must be at most 200 characters'), {
        error: 'vcnNicknames must be a list of nicknames',
      })
      .max(10_000, 'vcnNicknames can hold at most 10000 nicknames'),
  })
  .transform((b) => ({ vcnNicknames: [...new Set(b.vcnNicknames.filter((n) => n !== ''))] }));
export type VcnAssignmentsBody = z.input<typeof vcnAssignmentsSchema>;

/** POST /api/users/:id/spark-assignments: the complete set of spark ids (the `id`s GET /api/sparks lists). */
export const sparkAssignmentsSchema = z
  .strictObject({
    sparkIds: z
      .array(z.number({ error: 'sparkIds must be a list of spark ids' }).int('sparkIds must be a list of spark ids').min(1, 'sparkIds must be a list of spark ids').max(2_147_483_647, 'sparkIds must be a list of spark ids'), {
        error: 'sparkIds must be a list of spark ids',
      })
      .max(10_000, 'sparkIds can hold at most 10000 sparks'),
  })
  .transform((b) => ({ sparkIds: [...new Set(b.sparkIds)] }));
export type SparkAssignmentsBody = z.input<typeof sparkAssignmentsSchema>;

/** POST /api/users/:id/subid1-assignments: the complete set of CAKE subid1 values (trimmed, blanks and duplicates dropped). */
export const subid1AssignmentsSchema = z
  .strictObject({
    subid1s: z
      .array(singleLine('subid1').max(200, 'subid1s entries must be at most 200 characters'), { error: 'subid1s must be a list of subid1 values' })
      .max(10_000, 'subid1s can hold at most 10000 values'),
  })
  .transform((b) => ({ subid1s: [...new Set(b.subid1s.filter((s) => s !== ''))] }));
export type Subid1AssignmentsBody = z.input<typeof subid1AssignmentsSchema>;

/** One row of GET /api/users (and the answer to a create): never the password hash. */
export const managedUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(ROLES),
  createdAt: wireTimestamp,
  /** Granted features as stored (an admin has every feature whatever is stored). */
  permissions: z.array(z.enum(FEATURES)),
});
export type ManagedUser = z.output<typeof managedUserSchema>;

/** GET and POST /api/users/:id/permissions: one entry per granted feature. */
export const userPermissionEntriesSchema = z.array(z.object({ feature: z.enum(FEATURES) }));
export type UserPermissionEntries = z.output<typeof userPermissionEntriesSchema>;

/** GET and POST /api/users/:id/vcn-assignments: one entry per assigned nickname. */
export const vcnAssignmentEntriesSchema = z.array(z.object({ vcnNickname: z.string() }));
export type VcnAssignmentEntries = z.output<typeof vcnAssignmentEntriesSchema>;

/** GET /api/users/vcn-options: the distinct nicknames of uploaded transactions. */
export const vcnOptionsSchema = z.array(z.string());

/** GET and POST /api/users/:id/spark-assignments: the assigned sparks, by name. */
export const sparkAssignmentSchema = z.object({
  sparkId: z.number(),
  name: z.string(),
  /** The public spark id clicks carry. */
  publicId: z.string(),
});
export type SparkAssignment = z.output<typeof sparkAssignmentSchema>;

/** GET and POST /api/users/:id/subid1-assignments: one entry per assigned CAKE subid1. */
export const subid1AssignmentEntriesSchema = z.array(z.object({ subid1: z.string() }));
export type Subid1AssignmentEntries = z.output<typeof subid1AssignmentEntriesSchema>;
