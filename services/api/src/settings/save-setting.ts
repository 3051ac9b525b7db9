// Saves one setting (validated and normalised by settingBodySchema); a null value removes it.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { SettingKey } from '@tracker/schemas';

export async function saveSetting(db: Db, key: SettingKey, value: string | null): Promise<{ key: SettingKey; value: string | null }> {
  if (value === null) {
    await db.delete(schema.settings).where(eq(schema.settings.key, key));
  } else {
    await db
      .insert(schema.settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: new Date() } });
  }
  return { key, value };
}
