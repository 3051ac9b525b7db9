// Pixel rows for the Pixel Management table. The access token is stored encrypted; everyone gets its
// mask, only admins get it in full (the per-row show/hide toggle).
import { desc } from 'drizzle-orm';
import { decryptSecret, maskSecret, schema, type Db } from '@tracker/core';

export type PixelRow = typeof schema.tiktokPixels.$inferSelect;

export interface PixelView {
  id: number;
  name: string;
  pixelId: string;
  websiteUrl: string | null;
  createdAt: Date;
  accessTokenMasked: string;
  /** Admins only; null when the stored token cannot be decrypted (the secrets key changed). */
  accessToken?: string | null;
}

export function pixelView(row: PixelRow, secretsKey: Buffer, revealToken: boolean): PixelView {
  let token: string | null = null;
  try {
    token = decryptSecret(secretsKey, row.accessToken);
  } catch {
    // A token sealed under another key: shown as unreadable, to be re-entered by an admin.
  }
  const view: PixelView = {
    id: row.id,
    name: row.name,
    pixelId: row.pixelId,
    websiteUrl: row.websiteUrl,
    createdAt: row.createdAt,
    accessTokenMasked: token === null ? '••••' : maskSecret(token),
  };
  if (revealToken) view.accessToken = token;
  return view;
}

export async function listPixels(db: Db, secretsKey: Buffer, revealTokens: boolean): Promise<PixelView[]> {
  const rows = await db.select().from(schema.tiktokPixels).orderBy(desc(schema.tiktokPixels.createdAt), desc(schema.tiktokPixels.id));
  return rows.map((row) => pixelView(row, secretsKey, revealTokens));
}
