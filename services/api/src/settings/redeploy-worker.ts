// Redeploying the edge worker that routes custom domains needs the domain automation integration,
// which does not exist yet: say so plainly (409) rather than pretend it worked.
import { conflict } from '@tracker/core';

export const DOMAIN_AUTOMATION_MISSING =
  'Domain automation is not configured: this server has no Cloudflare integration yet, so there is no edge worker to redeploy';

export async function redeployWorker(): Promise<never> {
  throw conflict(DOMAIN_AUTOMATION_MISSING);
}
