// Sessions in the entity store. The cookie carries a random token; the table keeps only its HMAC
// under SESSION_SECRET, so a leaked table cannot be replayed as cookies.
import crypto from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { FEATURES, type Feature, type SessionUser } from '@tracker/schemas';

export const SESSION_COOKIE = 'tracker_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  private idOf(token: string): string {
    return crypto.createHmac('sha256', this.secret).update(token).digest('hex');
  }

  async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.db.insert(schema.sessions).values({ id: this.idOf(token), userId, expiresAt });
    // Expired sessions are swept on sign-in rather than by a timer: sign-ins are rare and cheap.
    await this.db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, new Date()));
    return { token, expiresAt };
  }

  async userOf(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 100) return null;
    const [row] = await this.db
      .select({ id: schema.users.id, username: schema.users.username, role: schema.users.role })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(and(eq(schema.sessions.id, this.idOf(token)), gt(schema.sessions.expiresAt, new Date())))
      .limit(1);
    if (!row) return null;
    return { ...row, permissions: await permissionsOf(this.db, row) };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.db.delete(schema.sessions).where(eq(schema.sessions.id, this.idOf(token)));
  }

  /** Every session of the user but the one `keepToken` opened; `db` is the caller's transaction, if any. */
  async endOtherSessions(userId: number, keepToken: string, db: Db = this.db): Promise<void> {
    await db.delete(schema.sessions).where(and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, this.idOf(keepToken))));
  }
}

/** Every session of the user: a password set from outside any session (start-up, the CLI) ends them all. */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
}

export async function permissionsOf(db: Db, user: { id: number; role: string }): Promise<Feature[]> {
  if (user.role === 'admin') return [...FEATURES];
  const rows = await db
    .select({ feature: schema.userPermissions.feature })
    .from(schema.userPermissions)
    .where(eq(schema.userPermissions.userId, user.id));
  const granted = new Set(rows.map((r) => r.feature));
  return FEATURES.filter((f) => granted.has(f));
}
