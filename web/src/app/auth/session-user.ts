// The signed-in user as GET /api/user and POST /api/login answer it; the wire shapes live in
// @tracker/schemas, shared with the server. Types only: a value from there would put zod on the sign-in page.
export type { Feature, Role, SignedInUser as SessionUser, LoginBody as LoginCredentials } from '@tracker/schemas';

export const SESSION_USER_QUERY_KEY = ['/api/user'] as const;
