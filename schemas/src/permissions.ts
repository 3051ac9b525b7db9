// Roles and feature permissions (spec §3 user_permissions, §6).
import { z } from 'zod';

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const FEATURES = ['campaigns', 'dashboard', 'landers', 'offers', 'sparks', 'clicks', 'performance'] as const;
export const featureSchema = z.enum(FEATURES);
export type Feature = z.infer<typeof featureSchema>;
