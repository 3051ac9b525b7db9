// The status page (Settings → Status and GET /api/status, admin only): the process's version and uptime,
// then one row per thing an operator watches (stores, disk, pipeline, syncs), each green, amber or red
// with what to do when it is not green.
import { z } from 'zod';

/** green: nothing to do; amber: look soon; red: something is failing or losing data now. */
export const STATUS_LEVELS = ['green', 'amber', 'red'] as const;
export type StatusLevel = (typeof STATUS_LEVELS)[number];

export const STATUS_GROUPS = ['stores', 'pipeline', 'syncs'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];
export const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  stores: 'Stores and disk',
  pipeline: 'Pipeline',
  syncs: 'Syncs',
};

export const statusItemSchema = z.object({
  /** Stable: 'store:entities', 'disk', 'projector-lag', 'sync:tiktok_spend:7001'. */
  id: z.string(),
  group: z.enum(STATUS_GROUPS),
  label: z.string(),
  /** What it reads now, as a person reads it ('PGlite, reachable, 41.2 MB on disk'). */
  value: z.string(),
  level: z.enum(STATUS_LEVELS),
  /** One sentence on what to do; null when green. */
  action: z.string().nullable(),
});
export type StatusItem = z.infer<typeof statusItemSchema>;

/**
 * How long raw clicks, click_index rows and exits are kept (RAW_RETENTION_DAYS, as the analytics store holds it):
 * `keptFrom` is the first UTC day (YYYY-MM-DD) whose raw clicks are all still there. Conversions and the daily
 * report figures are kept forever. Null: raw data is kept forever too.
 */
export const rawRetentionSchema = z.object({ days: z.number().int(), keptFrom: z.string() });
export type RawRetention = z.infer<typeof rawRetentionSchema>;

export const statusSchema = z.object({
  version: z.string(),
  /** Epoch ms when this process started. */
  startedAt: z.number().int(),
  uptimeSeconds: z.number().int(),
  items: z.array(statusItemSchema),
  rawRetention: rawRetentionSchema.nullable(),
});
export type Status = z.infer<typeof statusSchema>;
