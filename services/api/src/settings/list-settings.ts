// The settings an admin edits, as stored key/value rows. Only the known keys go out: the postback key
// (and any other secret kept in the table) never does.
import { inArray } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { SETTING_KEYS } from '@tracker/schemas';

export type SettingRow = typeof schema.settings.$inferSelect;

export async function listSettings(db: Db): Promise<SettingRow[]> {
  return db
    .select()
    .from(schema.settings)
    .where(inArray(schema.settings.key, [...SETTING_KEYS]))
    .orderBy(schema.settings.key);
}
