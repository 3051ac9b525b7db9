// Session routes: sign in, sign out, the current user, a password change, and first-run registration.
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, forbidden, schema, unauthorized, workspaceCurrency, type Db, type HttpServer } from '@tracker/core';
import { loginBodySchema, passwordChangeBodySchema, registerBodySchema, sessionChangedSchema, signedInUserSchema, type SessionChanged, type SignedInUser } from '@tracker/schemas';
import { currentUser } from './access';
import { changePassword } from './change-password';
import type { LoginThrottle } from './login-throttle';
import { burnPasswordCheck, hashPassword, verifyPassword, type ScryptCost } from './password';
import { findUserByUsername, lockUserCreation } from './username-key';
import { SESSION_COOKIE, SESSION_TTL_MS, permissionsOf, type SessionStore } from './session-store';
import { readReportTimezone } from '../reports/report-timezone';

export interface AuthDeps {
  db: Db;
  sessions: SessionStore;
  throttle: LoginThrottle;
  passwordCost: ScryptCost;
}

async function startSession(deps: AuthDeps, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const { token } = await deps.sessions.create(userId);
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** What POST /api/login and /api/register answer: the user, their features and the workspace's report zone and currency. */
async function signedInAnswer(db: Db, user: { id: number; username: string; role: SignedInUser['role'] }): Promise<SignedInUser> {
  const [permissions, reportTimezone, currency] = await Promise.all([permissionsOf(db, user), readReportTimezone(db), workspaceCurrency(db)]);
  return { id: user.id, username: user.username, role: user.role, permissions, reportTimezone, currency };
}

export async function authRoutes(app: HttpServer, deps: AuthDeps) {
  app.get('/user', { config: { access: 'user' }, schema: { response: { 200: signedInUserSchema } } }, async (request): Promise<SignedInUser> => ({ ...currentUser(request), reportTimezone: await readReportTimezone(deps.db), currency: await workspaceCurrency(deps.db) }));

  app.post(
    '/login',
    { config: { access: 'public' }, schema: { body: loginBodySchema, response: { 200: signedInUserSchema } } },
    async (request, reply): Promise<SignedInUser> => {
      const { username, password } = request.body;
      // Counted before anything is awaited, so parallel guesses cannot all slip past the limit.
      const attempt = deps.throttle.begin(request.ip, username);
      if (attempt.delayMs > 0) await sleep(attempt.delayMs);
      const user = await findUserByUsername(deps.db, username);
      // The answer's reads run while scrypt checks the password on the thread pool (~0.1 s), not after it; a refused
      // password drops them (caught here, so their failure is never an unhandled rejection; awaited, it still throws).
      const answer = user ? signedInAnswer(deps.db, user) : undefined;
      answer?.catch(() => undefined);
      const valid = user ? await verifyPassword(password, user.password) : (await burnPasswordCheck(password, deps.passwordCost), false);
      if (!user || !answer || !valid) throw unauthorized('Invalid username or password');
      attempt.succeeded();
      await startSession(deps, request, reply, user.id);
      return await answer;
    },
  );

  app.post('/user/password', { config: { access: 'user' }, schema: { body: passwordChangeBodySchema, response: { 200: sessionChangedSchema } } }, async (request): Promise<SessionChanged> => {
    const user = currentUser(request);
    // A wrong current password is a guess like a wrong sign-in: a stolen cookie must not buy unlimited tries.
    const attempt = deps.throttle.begin(request.ip, user.username);
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);
    // The 'user' access check passed, so the request carries the cookie of a live session.
    await changePassword(deps, user.id, request.body, request.cookies[SESSION_COOKIE]!);
    attempt.succeeded();
    return { ok: true };
  });

  app.post('/logout', { config: { access: 'public' }, schema: { response: { 200: sessionChangedSchema } } }, async (request, reply): Promise<SessionChanged> => {
    await deps.sessions.destroy(request.cookies[SESSION_COOKIE]);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.post(
    '/register',
    { config: { access: 'public' }, schema: { body: registerBodySchema, response: { 201: signedInUserSchema } } },
    async (request, reply): Promise<SignedInUser> => {
      const { username, password } = request.body;
      const hash = await hashPassword(password, deps.passwordCost);
      const created = await deps.db.transaction(async (tx) => {
        await lockUserCreation(tx);
        const [{ n }] = (await tx.select({ n: count() }).from(schema.users)) as [{ n: number }];
        if (n > 0) return null;
        const [row] = await tx.insert(schema.users).values({ username, password: hash, role: 'admin' }).returning();
        return row!;
      });
      if (!created) throw forbidden('Registration is closed: ask an admin for an account');
      await startSession(deps, request, reply, created.id);
      void reply.status(201);
      return await signedInAnswer(deps.db, created);
    },
  );
}

export { HttpError };
