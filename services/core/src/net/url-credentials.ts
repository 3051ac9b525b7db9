// Passwords written into configured URLs (`https://user:pass@host/`): masked wherever such a URL goes
// out in an API answer or a log, and restored when a form sends the masked URL back unchanged.

/** What a masked password reads as. */
export const MASKED_PASSWORD = '***';

/** The URL with its password replaced by ***; the user name stays, so an admin can tell which login it is. */
export function maskUrlCredentials(url: string): string {
  if (!URL.canParse(url)) return url.replace(/\/\/([^/@:]*):[^/@]*@/, `//$1:${MASKED_PASSWORD}@`);
  const parsed = new URL(url);
  if (!parsed.password) return url;
  parsed.password = MASKED_PASSWORD;
  return parsed.toString();
}

/**
 * A URL a form sent back: when its password is the mask and the stored URL has the same user name and
 * host, the stored password is kept (the form never had it); any other URL is taken as it came, so a
 * stored password never goes to a host it was not written for.
 */
export function restoreMaskedPassword(submitted: string, stored: string | undefined): string {
  if (!stored || !URL.canParse(submitted) || !URL.canParse(stored)) return submitted;
  const next = new URL(submitted);
  const previous = new URL(stored);
  if (next.password !== MASKED_PASSWORD || !previous.password || next.username !== previous.username || next.host !== previous.host) return submitted;
  next.password = previous.password;
  return next.toString();
}
