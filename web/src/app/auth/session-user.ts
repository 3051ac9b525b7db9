// The signed-in user as GET /api/user and POST /api/login answer it; the wire shapes live in
// @tracker/schemas, shared with the server.
export { FEATURES, type Feature, type Role, type SessionUser, type LoginBody as LoginCredentials } from '@tracker/schemas';

export const SESSION_USER_QUERY_KEY = ['/api/user'] as const;
