import { afterAll, describe, expect, test } from '@jest/globals';
import { encodeEvent, makeEvent, processThreads, type LogRecord } from '@tracker/core';
import type { ClickData } from '@tracker/schemas';
import { clickRow, exitRow } from './analytics-rows';
import { decodeUnit, describeRecords, keptClickRollups, keptLines } from './decode-unit';
import { UnitDecoder } from './unit-decoder';

const clickData: ClickData = {
  campaignId: 'camp',
  landerId: 3,
  offerId: null,
  sparkId: '',
  tiktokCampaignId: '1788',
  tiktokAdGroupId: 'ag "quoted"',
  tiktokCreativeId: 'cr',
  placement: 'feed',
  campaignName: 'Spring\tsale \\ ünïcode',
  adGroupName: 'line\nbreak',
  creativeName: 'Video',
  rule: 'iOS "in" DE',
  ttclid: 'tt',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  referrer: '',
  bot: '',
};

const click = makeEvent('click', clickData, { at: Date.UTC(2026, 10, 1, 12) });
const exit = makeEvent(
  'lander_click',
  { ...clickData, clickId: click.id, clickedAt: click.at, ip: '203.0.113.9', userAgent: 'Mozilla/5.0' },
  { at: click.at + 5000 },
);
const conversion = makeEvent('conversion', {
  transactionId: 'tx-1',
  clickId: click.id,
  payout: '12.50',
  status: 'approved',
  offerId: '',
  offerName: '',
  source: 'postback',
  ip: '',
});

/** Records as a segment read hands them over: values are views into one shared buffer. */
function recordsOf(values: Buffer[], firstOffset = 40): LogRecord[] {
  const chunk = Buffer.concat([Buffer.from('frame header bytes'), ...values]);
  let at = 'frame header bytes'.length;
  return values.map((value, i) => {
    const view = chunk.subarray(at, at + value.length);
    at += value.length;
    return { partition: 2, offset: firstOffset + i, key: 'k', value: view, timestamp: 0 };
  });
}

/** The rows of JSONCompactEachRow lines as objects of their columns. */
const lines = (bytes: Uint8Array, columns: readonly string[]) =>
  Buffer.from(bytes)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => Object.fromEntries((JSON.parse(line) as unknown[]).map((value, i) => [columns[i], value])));

describe('decodeUnit', () => {
  const values = [click, exit, conversion, click].map((e) => encodeEvent(e).value);
  const records = recordsOf([...values.slice(0, 2), Buffer.from('{"not":"an event"}'), ...values.slice(2)]);
  const decoded = decodeUnit(describeRecords(2, records));

  test('clicks and exits come back as the JSON lines of their rows, with ids and offsets', () => {
    expect(decoded.clicks.count).toBe(2);
    expect(decoded.clicks.ids).toBe(`${click.id},${click.id}`);
    expect([...decoded.clicks.offsets]).toEqual([40, 44]);
    // The second row of the click is its second copy in the unit.
    expect(decoded.clicks.repeated).toEqual([1]);
    expect(decoded.exits.repeated).toEqual([]);
    // Arrays in the order of the columns named beside them, not objects.
    expect(Buffer.from(decoded.clicks.lines).toString().startsWith(`["${click.id}","2026-11-01 12:00:00.000","camp",3,0,`)).toBe(true);
    expect(lines(decoded.clicks.lines, decoded.clicks.columns)).toEqual([
      clickRow(click, { partition: 2, offset: 40 }),
      clickRow(click, { partition: 2, offset: 44 }),
    ]);
    expect(lines(decoded.exits.lines, decoded.exits.columns)).toEqual([exitRow(exit, { partition: 2, offset: 41 })]);
    expect([...decoded.exits.ends]).toEqual([decoded.exits.lines.byteLength]);
  });

  test('conversions come back decoded, with the clicks of the unit they name', () => {
    expect(decoded.conversions).toEqual([{ event: conversion, at: { partition: 2, offset: 43 } }]);
    expect(decoded.unitClicks).toEqual(new Map([[click.id, click]]));
  });

  test('a record that is not a tracking event is reported by offset, not dropped silently', () => {
    expect(decoded.invalid).toEqual([42]);
  });

  test('the click rollups count every click row; keptClickRollups only the rows kept', () => {
    const visits = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.variable ?? 'daily', r.clicks]);
    expect(visits(decoded.clickRollups.report_clicks_daily)).toEqual([['daily', 2]]);
    expect(decoded.clickRollups.report_variable_clicks_daily).toHaveLength(12);
    expect(decoded.clickRollups.report_variable_clicks_daily.find((r) => r.variable === 'rule')).toMatchObject({ value: 'iOS "in" DE', clicks: 2 });
    expect(decoded.clickRollups.report_variable_clicks_daily.every((r) => r.clicks === 2)).toBe(true);
    const kept = keptClickRollups(decoded.clicks, new Set([1]));
    expect(visits(kept.report_clicks_daily)).toEqual([['daily', 1]]);
    expect(kept.report_variable_clicks_daily.every((r) => r.clicks === 1)).toBe(true);
    expect(keptClickRollups(decoded.clicks, new Set()).report_clicks_daily).toEqual([]);
  });

  test('a click and an exit written before clicks recorded their rule decode as the default path', () => {
    const withoutRule = (value: Buffer) => {
      const event = JSON.parse(value.toString()) as { data: Record<string, unknown> };
      delete event.data.rule;
      return Buffer.from(JSON.stringify(event));
    };
    const old = decodeUnit(describeRecords(0, recordsOf([click, exit].map((e) => withoutRule(encodeEvent(e).value)))));
    expect(old.invalid).toEqual([]);
    expect(lines(old.clicks.lines, old.clicks.columns)[0]).toMatchObject({ click_id: click.id, rule: '' });
    expect(lines(old.exits.lines, old.exits.columns)[0]).toMatchObject({ click_id: click.id, rule: '' });
    expect(old.clickRollups.report_variable_clicks_daily.find((r) => r.variable === 'rule')).toMatchObject({ value: '', clicks: 1 });
    // The rule travels with the event once it has one.
    expect(lines(decoded.clicks.lines, decoded.clicks.columns)[0]).toMatchObject({ rule: 'iOS "in" DE' });
    expect(lines(decoded.exits.lines, decoded.exits.columns)[0]).toMatchObject({ rule: 'iOS "in" DE' });
  });

  test('keptLines keeps the chosen rows byte for byte, or all of them', () => {
    expect(keptLines(decoded.clicks, null)).toEqual(Buffer.from(decoded.clicks.lines));
    expect(lines(keptLines(decoded.clicks, new Set([1])), decoded.clicks.columns)).toEqual([clickRow(click, { partition: 2, offset: 44 })]);
    expect(keptLines(decoded.clicks, new Set())).toHaveLength(0);
  });
});

describe('UnitDecoder (a worker thread)', () => {
  const decoder = new UnitDecoder();
  afterAll(() => decoder.close());

  test('decodes in its thread exactly as decodeUnit does, and leaves the records readable', async () => {
    const records = recordsOf([click, exit, conversion].map((e) => encodeEvent(e).value));
    const before = records.map((r) => Buffer.from(r.value));
    const decoded = await decoder.decode(2, records);
    expect(decoded).toEqual(decodeUnit(describeRecords(2, records)));
    // A failed batch is delivered again with the same records: nothing was moved out of them.
    expect(records.map((r) => Buffer.from(r.value))).toEqual(before);
  });

  // The thread is background work: at nice 19 it yields a core to the click redirect's thread (Linux: per thread).
  (process.platform === 'linux' ? test : test.skip)('asked to, its thread runs at nice 19, and the calling thread keeps its own', async () => {
    /** Nice values of Node's own threads (the engine's, named otherwise, may be niced by an engine open in this process). */
    const nodeNices = async () => (await processThreads()).filter((t) => t.name === 'node').map((t) => t.nice);
    const niceOfCaller = async () => (await processThreads()).find((t) => t.tid === process.pid)?.nice;
    const main = await niceOfCaller();
    const threads = new UnitDecoder(19);
    try {
      const before = (await nodeNices()).filter((n) => n === 19).length;
      await threads.decode(0, recordsOf([encodeEvent(click).value]));
      expect((await nodeNices()).filter((n) => n === 19).length).toBe(before + 1);
      expect(await niceOfCaller()).toBe(main);
    } finally {
      await threads.close();
    }
  });

  test('units in flight at once each get their own answer', async () => {
    const units = Array.from({ length: 5 }, (_, u) =>
      recordsOf(
        Array.from({ length: 50 }, () => encodeEvent(makeEvent('click', { ...clickData, creativeName: `unit ${u}` })).value),
        u * 100,
      ),
    );
    const decoded = await Promise.all(units.map((records) => decoder.decode(0, records)));
    decoded.forEach((d, u) => {
      expect(d.clicks.offsets[0]).toBe(u * 100);
      expect(lines(d.clicks.lines, d.clicks.columns).every((r) => r.creative_name === `unit ${u}`)).toBe(true);
    });
  });

  test('closing fails the units in flight, and the next decode starts a new thread', async () => {
    const records = recordsOf([encodeEvent(click).value]);
    const pending = decoder.decode(0, records);
    await decoder.close();
    await expect(pending).rejects.toThrow(/closed/);
    const again = await decoder.decode(0, records);
    expect(again.clicks.ids).toBe(click.id);
  });
});
