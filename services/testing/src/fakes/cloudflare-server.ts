// A local stand-in for the Cloudflare API v4 parts the domain automation uses: zones, DNS records,
// worker scripts (multipart ES-module upload with bindings) and worker routes. It checks the bearer
// token and body shapes, answers `{ success, errors, messages, result }`, keeps what was created, and
// can be told to fail or stall a call.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCloudflareOptions {
  apiToken?: string;
  accountId?: string;
}

export interface FakeZone {
  id: string;
  name: string;
  name_servers: string[];
  status: string;
}
export interface FakeDnsRecord {
  id: string;
  zoneId: string;
  type: string;
  name: string;
  content: string;
  proxied: boolean;
}
export interface FakeWorkerScript {
  name: string;
  metadata: { main_module?: string; compatibility_date?: string; bindings?: { type: string; name: string; text?: string }[] };
  /** The module's source as uploaded. */
  source: string;
  uploads: number;
}
export interface FakeRoute {
  id: string;
  zoneId: string;
  pattern: string;
  script: string;
}

export interface ScriptedCloudflareAnswer {
  status?: number;
  code?: number;
  message?: string;
  delayMs?: number;
}

export interface FakeCloudflareServer {
  /** The base URL to pass as CLOUDFLARE_API_URL (ends in /client/v4). */
  url: string;
  zones: FakeZone[];
  records: FakeDnsRecord[];
  scripts: Map<string, FakeWorkerScript>;
  routes: FakeRoute[];
  requests: { method: string; path: string }[];
  /**
   * The next call matching `METHOD /path` (ids written `:id`, e.g. 'POST /zones/:id/dns_records') fails
   * with this answer (default HTTP 400 code 1004), after delayMs; calls queue up in order.
   */
  failNext(route: string, answer?: ScriptedCloudflareAnswer): void;
  close(): Promise<void>;
}

const NAME_SERVERS = [
  ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
  ['cruz.ns.cloudflare.com', 'dana.ns.cloudflare.com'],
];

export async function startFakeCloudflareServer(options: FakeCloudflareOptions = {}): Promise<FakeCloudflareServer> {
  const apiToken = options.apiToken ?? 'cloudflare-token';
  const accountId = options.accountId ?? 'account-1';
  const zones: FakeZone[] = [];
  const records: FakeDnsRecord[] = [];
  const scripts = new Map<string, FakeWorkerScript>();
  const routes: FakeRoute[] = [];
  const requests: FakeCloudflareServer['requests'] = [];
  const scripted = new Map<string, ScriptedCloudflareAnswer[]>();
  const newId = () => crypto.randomBytes(16).toString('hex');

  type Answer = { status: number; body: unknown };
  const ok = (result: unknown, status = 200): Answer => ({ status, body: { success: true, errors: [], messages: [], result } });
  const fail = (status: number, code: number, message: string): Answer => ({
    status,
    body: { success: false, errors: [{ code, message }], messages: [], result: null },
  });

  async function handle(method: string, url: URL, body: Buffer, contentType: string): Promise<Answer> {
    const path = url.pathname.replace(/^\/client\/v4/, '');
    const json = () => {
      try {
        return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return null;
      }
    };
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/zones') {
      const name = url.searchParams.get('name');
      return ok(zones.filter((z) => !name || z.name === name));
    }
    if (method === 'POST' && path === '/zones') {
      const b = json();
      const account = b?.account as { id?: unknown } | undefined;
      if (typeof b?.name !== 'string' || !b.name) return fail(400, 1001, 'Invalid zone name');
      if (account?.id !== accountId) return fail(403, 1113, 'The account is not allowed for this token');
      if (zones.some((z) => z.name === b.name)) return fail(400, 1061, `${b.name} already exists`);
      const zone: FakeZone = { id: newId(), name: b.name, name_servers: NAME_SERVERS[zones.length % 2]!, status: 'pending' };
      zones.push(zone);
      return ok(zone);
    }
    const zoneOf = (id: string) => zones.find((z) => z.id === id);
    if ((m = path.match(/^\/zones\/([^/]+)$/)) && method === 'GET') {
      const zone = zoneOf(m[1]!);
      return zone ? ok(zone) : fail(404, 1001, 'Invalid zone identifier');
    }
    if ((m = path.match(/^\/zones\/([^/]+)\/dns_records$/))) {
      const zone = zoneOf(m[1]!);
      if (!zone) return fail(404, 7003, 'Could not route to /zones/' + m[1] + '/dns_records, perhaps your object identifier is invalid?');
      if (method === 'GET') {
        const name = url.searchParams.get('name');
        return ok(records.filter((r) => r.zoneId === zone.id && (!name || r.name === name)));
      }
      if (method === 'POST') {
        const b = json();
        if (!b || typeof b.type !== 'string' || typeof b.name !== 'string' || typeof b.content !== 'string') {
          return fail(400, 9000, 'DNS record type, name and content are required');
        }
        if (b.name !== zone.name && !b.name.endsWith(`.${zone.name}`)) return fail(400, 9007, 'Record name is not in the zone');
        if (records.some((r) => r.zoneId === zone.id && r.name === b.name)) return fail(400, 81057, 'Record already exists.');
        const record: FakeDnsRecord = { id: newId(), zoneId: zone.id, type: b.type, name: b.name, content: b.content, proxied: b.proxied === true };
        records.push(record);
        return ok(record);
      }
    }
    if ((m = path.match(/^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)$/)) && method === 'PUT') {
      if (m[1] !== accountId) return fail(403, 10000, 'Authentication error');
      if (!contentType.startsWith('multipart/form-data')) return fail(400, 10021, 'Uploads must be multipart/form-data');
      const form = await new Response(Uint8Array.from(body).buffer, { headers: { 'content-type': contentType } }).formData();
      const metadataPart = form.get('metadata');
      if (!metadataPart) return fail(400, 10021, 'Missing metadata part');
      const metadata = JSON.parse(typeof metadataPart === 'string' ? metadataPart : await metadataPart.text()) as FakeWorkerScript['metadata'];
      const main = metadata.main_module ? form.get(metadata.main_module) : null;
      if (!main || typeof main === 'string') return fail(400, 10021, `No module named ${metadata.main_module ?? '(main_module missing)'}`);
      if (!main.type.startsWith('application/javascript+module')) return fail(400, 10021, 'The main module must be application/javascript+module');
      const source = await main.text();
      if (!/export\s+default/.test(source)) return fail(400, 10021, 'Uncaught SyntaxError: no default export (an ES module worker needs one)');
      const name = decodeURIComponent(m[2]!);
      const script: FakeWorkerScript = { name, metadata, source, uploads: (scripts.get(name)?.uploads ?? 0) + 1 };
      scripts.set(name, script);
      return ok({ id: name, etag: newId(), modified_on: new Date().toISOString() });
    }
    if ((m = path.match(/^\/zones\/([^/]+)\/workers\/routes$/))) {
      const zone = zoneOf(m[1]!);
      if (!zone) return fail(404, 7003, 'Invalid zone identifier');
      if (method === 'GET') return ok(routes.filter((r) => r.zoneId === zone.id).map(({ id, pattern, script }) => ({ id, pattern, script })));
      if (method === 'POST') {
        const b = json();
        if (typeof b?.pattern !== 'string' || typeof b.script !== 'string') return fail(400, 10019, 'pattern and script are required');
        if (!b.pattern.startsWith(zone.name) && !b.pattern.includes(`.${zone.name}/`)) return fail(400, 10022, 'The route pattern is not on this zone');
        if (!scripts.has(b.script)) return fail(400, 10019, `Worker ${b.script} not found`);
        if (routes.some((r) => r.zoneId === zone.id && r.pattern === b.pattern)) return fail(409, 10020, 'A route with the same pattern already exists');
        const route: FakeRoute = { id: newId(), zoneId: zone.id, pattern: b.pattern, script: b.script };
        routes.push(route);
        return ok({ id: route.id, pattern: route.pattern, script: route.script });
      }
    }
    return fail(404, 7000, `No route for that URI: ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const path = url.pathname.replace(/^\/client\/v4/, '');
      requests.push({ method, path });
      const send = ({ status, body }: Answer) => {
        if (res.writable) res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${apiToken}`) return send(fail(403, 10000, 'Authentication error'));
      const routeKey = `${method} ${path.replace(/\/[0-9a-f]{32}(?=\/|$)/g, '/:id').replace(/\/accounts\/[^/]+/, '/accounts/:id').replace(/\/scripts\/[^/]+/, '/scripts/:id')}`;
      const script = scripted.get(routeKey)?.shift();
      if (script) {
        setTimeout(() => send(fail(script.status ?? 400, script.code ?? 1004, script.message ?? 'DNS Validation Error')), script.delayMs ?? 0).unref();
        return;
      }
      handle(method, url, Buffer.concat(chunks), req.headers['content-type'] ?? '').then(send, (error: unknown) =>
        send(fail(500, 10013, error instanceof Error ? error.message : String(error))),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/client/v4`,
    zones,
    records,
    scripts,
    routes,
    requests,
    failNext(route, answer = {}) {
      scripted.set(route, [...(scripted.get(route) ?? []), answer]);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
