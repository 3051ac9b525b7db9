// A visitor the tracker cannot route (unknown or deleted campaign, no usable lander or offer, unknown
// click id) goes to the fallback URL setting when one is set, else sees a plain not-found page.
import type { FastifyReply } from 'fastify';
import { sendPlainPage } from './plain-page';
import type { IngestStats } from './register-ingest';
import type { TrackingCatalog } from './tracking-catalog';

/**
 * The fallback URL is sent as the admin saved it, with nothing appended: there is no click to name, so
 * "exits with an unknown click id" means no clickId at all (an admin who wants a marker puts a static
 * one in the URL, e.g. `?src=tracker-fallback`). Nothing is recorded either: no campaign, no click row.
 */
export function sendStrandedVisitor(
  reply: FastifyReply,
  deps: { catalog: TrackingCatalog; stats: IngestStats },
  page: { status: number; title: string; message: string },
) {
  const fallbackUrl = deps.catalog.current.fallbackUrl;
  if (!fallbackUrl) return sendPlainPage(reply, page.status, page.title, page.message);
  deps.stats.fallbacks++;
  return reply.header('cache-control', 'no-store').redirect(fallbackUrl, 302);
}
