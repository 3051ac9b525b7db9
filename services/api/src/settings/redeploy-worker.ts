// Settings' Redeploy Worker: uploads the current edge worker script (deploy/edge-worker/worker.js)
// with its bindings through the Cloudflare client. Without Cloudflare configured the 409 names the
// variables to set; Cloudflare's own refusal comes back as a 502 with its message.
import { deployEdgeWorker, type DomainAutomation } from '@tracker/integrations';
import { upstream } from '../domains/upstream-errors';

export async function redeployWorker(domains: DomainAutomation): Promise<{ success: true; message: string }> {
  const { script, bytes } = await upstream(() => deployEdgeWorker(domains));
  return { success: true, message: `Worker ${script} redeployed (${bytes} bytes), forwarding to ${domains.trackerOrigin}` };
}
