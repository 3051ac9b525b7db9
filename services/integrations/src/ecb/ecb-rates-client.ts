// The European Central Bank's euro foreign exchange reference rates (docs/currencies.md): eurofxref-daily.xml
// (the last working day) and eurofxref-hist-90d.xml (the last 90 days), read from a folder URL. Both are
// gesmes:Envelope -> Cube -> Cube time='YYYY-MM-DD' -> Cube currency='USD' rate='1.0823', units per EUR.
// Calls go through the outgoing guard (`outgoing`: absent, public addresses only).
import { XMLParser } from 'fast-xml-parser';
import { describeAnswer, requestOutgoing, type OutgoingPolicy, type OutgoingResponse, type PublishedDay } from '@tracker/core';
import { isCurrencyCode, MoneyError, rateText } from '@tracker/schemas';

export const ECB_DAILY_FILE = 'eurofxref-daily.xml';
export const ECB_HIST_90D_FILE = 'eurofxref-hist-90d.xml';
export type EcbFile = typeof ECB_DAILY_FILE | typeof ECB_HIST_90D_FILE;
export const ECB_TIMEOUT_MS = 30_000;

export class EcbRatesError extends Error {
  override name = 'EcbRatesError';
}

export interface EcbRates {
  days: PublishedDay[];
  /** Codes the file quoted that are not ISO 4217 currencies we know (left out, named in the job's result). */
  unknownCurrencies: string[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  // Namespaced names arrive as written: 'gesmes:Envelope'; every Cube may repeat.
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name === 'Cube',
});

type Node = Record<string, unknown>;
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter((v): v is Node => v !== null && typeof v === 'object') : []);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads an ECB reference rates file; a file that is not one is an EcbRatesError naming what is wrong. */
export function parseEcbRates(xml: string): EcbRates {
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (error) {
    throw new EcbRatesError(`The ECB's answer is not XML: ${(error as Error).message.split('\n')[0]}`);
  }
  const envelope = doc['gesmes:Envelope'];
  if (envelope === null || typeof envelope !== 'object') throw new EcbRatesError("The ECB's answer is not a gesmes:Envelope");
  const cubes = (envelope as Node).Cube;
  if (!Array.isArray(cubes) || cubes.length === 0) throw new EcbRatesError("The ECB's answer holds no Cube of rates");
  // An empty <Cube></Cube> reads as '': no days, refused below.
  const outer = nodes(cubes)[0] ?? {};
  const unknown = new Set<string>();
  const days: PublishedDay[] = [];
  for (const dayCube of nodes(outer.Cube)) {
    const day = dayCube.time;
    if (typeof day !== 'string' || !DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      throw new EcbRatesError(`The ECB's answer has a Cube whose time is not a day: ${JSON.stringify(String(day).slice(0, 20))}`);
    }
    const rates: Record<string, string> = {};
    for (const cube of nodes(dayCube.Cube)) {
      const currency = String(cube.currency ?? '');
      try {
        const rate = rateText(String(cube.rate ?? ''));
        if (isCurrencyCode(currency) && currency !== 'EUR') rates[currency] = rate;
        else unknown.add(currency.slice(0, 10));
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        throw new EcbRatesError(`The ECB's rate of ${currency.slice(0, 10)} on ${day} is not a number: ${JSON.stringify(String(cube.rate).slice(0, 20))}`);
      }
    }
    if (Object.keys(rates).length === 0) throw new EcbRatesError(`The ECB's answer has no rates for ${day}`);
    days.push({ day, rates });
  }
  if (days.length === 0) throw new EcbRatesError("The ECB's answer holds no day of rates");
  days.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { days, unknownCurrencies: [...unknown].sort() };
}

/** Fetches and reads one of the ECB's files from `folderUrl` (ending in '/', the file name appended). */
export async function fetchEcbRates(folderUrl: string, file: EcbFile, outgoing?: OutgoingPolicy): Promise<EcbRates> {
  const url = new URL(file, folderUrl.endsWith('/') ? folderUrl : `${folderUrl}/`);
  let response: OutgoingResponse;
  try {
    response = await requestOutgoing(url, { headers: { accept: 'application/xml, text/xml' }, timeoutMs: ECB_TIMEOUT_MS, policy: outgoing });
  } catch (error) {
    throw new EcbRatesError(`The ECB's rates could not be fetched from ${url.origin}${url.pathname}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new EcbRatesError(`The ECB answered ${describeAnswer(response)} for ${file}`);
  return parseEcbRates(response.text());
}
