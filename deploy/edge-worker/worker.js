// The edge worker: serves the tracking paths of a custom domain (`trk.example.xyz`) on Cloudflare by
// forwarding them to the tracker's origin, and answers 404 to everything else. One ES module without
// imports, uploaded as is by Settings' 'Redeploy Worker'. Bindings:
//   TRACKER_ORIGIN (plain text)  the tracker's public URL, e.g. https://tracker.example.com
//   EDGE_SECRET    (secret text) equal to the tracker's EDGE_WORKER_SECRET
// The origin sees the worker's address, not the visitor's: the worker names the visitor's IP and the
// custom domain in X-Edge-Client-IP / X-Edge-Host, which ingest trusts only beside X-Edge-Secret.

// What ingest serves publicly (services/ingest): the click redirect, lander exits, the exit script and
// postbacks; ingest ignores one trailing slash, so the worker does too.
const TRACKING_PATH = /^\/(?:r\/[^/]+|click|exit-tracker\.js|postback)\/?$/;

// Never forwarded: Cloudflare's own headers (it sets them again on the subrequest), hop-by-hop headers,
// and any X-Edge-* a visitor sent, so only this worker names the visitor to the origin.
const DROPPED_HEADER = /^(?:cf-|x-edge-|x-forwarded-|x-real-ip$|forwarded$|host$|connection$|keep-alive$|proxy-|te$|trailer$|upgrade$)/i;

function plain(status, text) {
  return new Response(`${text}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** TRACKER_ORIGIN as an http(s) origin (any path given is ignored), or null when unusable. */
function trackerOrigin(value) {
  try {
    const url = new URL(String(value || '').trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (!TRACKING_PATH.test(url.pathname)) return plain(404, 'Not found');
    const origin = trackerOrigin(env.TRACKER_ORIGIN);
    if (!origin) return plain(503, 'This tracking domain is not connected to a tracker (TRACKER_ORIGIN is not set).');

    const headers = new Headers();
    for (const [name, value] of request.headers) {
      if (!DROPPED_HEADER.test(name)) headers.set(name, value);
    }
    if (env.EDGE_SECRET) headers.set('x-edge-secret', env.EDGE_SECRET);
    const visitorIp = request.headers.get('cf-connecting-ip');
    if (visitorIp) headers.set('x-edge-client-ip', visitorIp);
    headers.set('x-edge-host', url.host);

    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let response;
    try {
      response = await fetch(origin + url.pathname + url.search, {
        method: request.method,
        headers,
        body: hasBody ? request.body : undefined,
        // The origin's 302 is the answer: the visitor follows it, not the worker.
        redirect: 'manual',
      });
    } catch {
      return plain(502, 'The tracker did not answer. Try again in a moment.');
    }
    // Status, Location, body and headers exactly as the origin sent them.
    return response;
  },
};
