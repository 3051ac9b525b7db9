// Roles and feature permissions (spec §3 user_permissions, §6).
import { z } from 'zod';

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

// 'automation': the Rules page and /api/rules, /api/automation (automation rules on TikTok); admins have it as every feature.
export const FEATURES = ['campaigns', 'dashboard', 'landers', 'offers', 'sparks', 'clicks', 'performance', 'automation'] as const;
export const featureSchema = z.enum(FEATURES);
export type Feature = z.infer<typeof featureSchema>;
