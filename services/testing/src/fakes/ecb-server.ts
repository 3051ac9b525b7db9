// A local stand-in for the ECB's reference rates folder for tests and local runs: eurofxref-daily.xml (the
// newest day) and eurofxref-hist-90d.xml (the 90 days up to it, newest first), in the ECB's gesmes:Envelope
// shape. Its days leave gaps as the ECB does (a weekend, Easter's Good Friday and Monday); its data can
// change between calls, and it can be told to fail (HTTP 500, XML cut short, an answer that is not the ECB's).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ECB_DAILY_FILE, ECB_HIST_90D_FILE } from '@tracker/integrations';

export interface FakeEcbDay {
  day: string;
  /** Currency -> units per EUR, as the ECB writes them ('161.87'). */
  rates: Record<string, string>;
}

/**
 * Easter 2026 and the weekend after: published Wed 1 and Thu 2 April, then nothing from Good Friday (3) to
 * Easter Monday (6), Tue 7 to Fri 10, nothing on the weekend of 11-12, Mon 13.
 */
export const FAKE_ECB_DAYS: readonly FakeEcbDay[] = [
  { day: '2026-04-01', rates: { USD: '1.0800', JPY: '161.50', GBP: '0.85000', KRW: '1580.10', CHF: '0.9550' } },
  { day: '2026-04-02', rates: { USD: '1.0823', JPY: '161.87', GBP: '0.85210', KRW: '1582.44', CHF: '0.9561' } },
  { day: '2026-04-07', rates: { USD: '1.0900', JPY: '162.00', GBP: '0.85500', KRW: '1590.00', CHF: '0.9570' } },
  { day: '2026-04-08', rates: { USD: '1.0875', JPY: '161.95', GBP: '0.85430', KRW: '1588.20', CHF: '0.9566' } },
  { day: '2026-04-09', rates: { USD: '1.0861', JPY: '162.31', GBP: '0.85390', KRW: '1590.71', CHF: '0.9580' } },
  { day: '2026-04-10', rates: { USD: '1.0850', JPY: '162.40', GBP: '0.85300', KRW: '1591.00', CHF: '0.9590' } },
  { day: '2026-04-13', rates: { USD: '1.0902', JPY: '163.05', GBP: '0.85620', KRW: '1595.35', CHF: '0.9602' } },
];

export type FakeEcbFailure = 'http-500' | 'bad-xml' | 'not-ecb';

export interface FakeEcbServer {
  /** The folder URL, ending in '/', the file names are appended to (FX_RATES_URL). */
  url: string;
  /** The published days, any order; replace or edit between calls. */
  days: FakeEcbDay[];
  /** Set to make every answer fail this way until cleared. */
  failure: FakeEcbFailure | null;
  /** The file name of every request. */
  requests: string[];
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

function envelope(days: readonly FakeEcbDay[]): string {
  const cubes = [...days]
    .sort((a, b) => (a.day < b.day ? 1 : -1))
    .map((d) => `\t\t<Cube time='${d.day}'>\n${Object.entries(d.rates).map(([c, r]) => `\t\t\t<Cube currency='${c}' rate='${r}'/>`).join('\n')}\n\t\t</Cube>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;
}

export async function startFakeEcbServer(options: { days?: readonly FakeEcbDay[] } = {}): Promise<FakeEcbServer> {
  const state: Omit<FakeEcbServer, 'url' | 'close'> = { days: (options.days ?? FAKE_ECB_DAYS).map((d) => ({ day: d.day, rates: { ...d.rates } })), failure: null, requests: [] };
  const FOLDER = '/stats/eurofxref/';

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const file = path.startsWith(FOLDER) ? path.slice(FOLDER.length) : path;
    state.requests.push(file);
    const send = (status: number, body: string, type = 'text/xml') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (file !== ECB_DAILY_FILE && file !== ECB_HIST_90D_FILE) return send(404, '<html><body>Not found</body></html>', 'text/html');
    if (state.failure === 'http-500') return send(500, '<html><body>Internal Server Error</body></html>', 'text/html');
    const newest = [...state.days].sort((a, b) => (a.day < b.day ? 1 : -1))[0];
    const days = !newest
      ? []
      : file === ECB_DAILY_FILE
        ? [newest]
        : state.days.filter((d) => Date.parse(newest.day) - Date.parse(d.day) < 90 * DAY_MS);
    const xml = envelope(days);
    if (state.failure === 'bad-xml') return send(200, xml.slice(0, Math.floor(xml.length / 2)));
    if (state.failure === 'not-ecb') return send(200, '<?xml version="1.0"?><rss><channel><title>News</title></channel></rss>');
    send(200, xml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}${FOLDER}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  });
}
