import { tz } from '@date-fns/tz';
import { describe, expect, it } from '@jest/globals';
import type { CellContext } from '@tanstack/react-table';
import type { ClickLogRow } from '@tracker/schemas';
import { renderToStaticMarkup } from 'react-dom/server';
import { shortClickId } from '../../ui/ClickId';
import { CLICK_LOG_COLUMNS, CLICK_LOG_PINNED_COLUMNS, CLICK_LOG_WIDTH_AT_1440, clickLogTableColumns } from './click-log-columns';

// Three UUIDv7 ids of one burst: the same millisecond prefix, random tails.
const BURST = ['019abc12-3456-7def-8123-4567890a1b2c', '019abc12-3456-7def-9abc-def012345678', '019abc12-3456-7000-a000-00000000ffff'];

const row = (over: Partial<ClickLogRow>): ClickLogRow => ({
  clickId: BURST[0]!, campaignId: 'c', campaignName: 'Keto US', clickedAt: '2026-04-01T10:00:00.000Z', exitedAt: null,
  conversions: 0, revenue: '0.00', pendingConversions: 0, pendingPayout: '0.00', rejectedConversions: 0, tiktokCampaignId: '', tiktokCampaignName: '', tiktokAdGroupId: '', adGroupName: '',
  tiktokCreativeId: '', creativeName: '', placement: '', sparkId: '', ipAddress: '', userAgent: '', bot: '', country: '', device: '', os: '', browser: '', rule: '', ...over,
});

/** A column's cell as the browser would draw it, as HTML. */
function cellHtml(id: string, data: ClickLogRow): string {
  const column = clickLogTableColumns(tz('UTC')).find((c) => c.id === id)!;
  const cell = column.cell as (ctx: CellContext<ClickLogRow, unknown>) => React.ReactNode;
  return renderToStaticMarkup(<>{cell({ row: { original: data } } as CellContext<ClickLogRow, unknown>)}</>);
}

describe('the Click ID cell', () => {
  it('shows the random tail, so the 8 characters tell clicks of one burst apart', () => {
    const shown = BURST.map(shortClickId);
    expect(shown).toEqual(['…890a1b2c', '…12345678', '…0000ffff']);
    expect(new Set(shown).size).toBe(BURST.length);
    expect(shortClickId('abc')).toBe('abc');
  });

  it('keeps the whole id on hover and offers to copy it', () => {
    const html = cellHtml('clickId', row({}));
    expect(html).toContain(`title="${BURST[0]}"`);
    expect(html).toContain(`aria-label="Copy click ID ${BURST[0]}"`);
    expect(html).toContain('…890a1b2c');
  });
});

describe('the Converted cell', () => {
  it('shows the count and the approved payout', () => {
    const html = cellHtml('converted', row({ conversions: 2, revenue: '1234.50' }));
    expect(html).toContain('>2<');
    expect(html).toContain('$1,234.50');
  });

  it('shows pending and rejected conversions, not a dash, for a click with no approved one', () => {
    const html = cellHtml('converted', row({ pendingConversions: 1, pendingPayout: '12.00', rejectedConversions: 2 }));
    expect(html).toContain('1 pending');
    expect(html).toContain('2 rejected');
    expect(html).toContain('1 pending, payout $12.00; 2 rejected');
    expect(html).not.toContain('click-payout');
  });

  it('is a dash for a click without conversions', () => {
    expect(cellHtml('converted', row({}))).not.toContain('$');
  });
});

describe('the default columns', () => {
  it('fit beside the open sidebar at 1440 px', () => {
    const width = CLICK_LOG_COLUMNS.filter((c) => c.shown).reduce((sum, c) => sum + c.size, 0);
    expect(width).toBeLessThanOrEqual(CLICK_LOG_WIDTH_AT_1440);
  });

  it('are the spec’s ten, in its order; the rest wait in the Columns menu', () => {
    expect(CLICK_LOG_COLUMNS.filter((c) => c.shown).map((c) => c.label)).toEqual([
      'Status', 'Converted', 'Click ID', 'Campaign', 'Clicked At', 'TikTok Campaign', 'Ad Group', 'Creative', 'Placement', 'IP Address',
    ]);
  });
});

describe('the audience columns', () => {
  it('name the country and show device, OS and browser; hidden until the buyer switches them on', () => {
    const click = row({ country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok' });
    expect(cellHtml('country', click)).toContain('United States');
    expect(cellHtml('device', click)).toContain('Mobile');
    expect(cellHtml('os', click)).toContain('iOS');
    expect(cellHtml('browser', click)).toContain('TikTok');
    expect(CLICK_LOG_COLUMNS.filter((c) => ['country', 'device', 'os', 'browser'].includes(c.id)).map((c) => c.shown)).toEqual([false, false, false, false]);
    expect(CLICK_LOG_COLUMNS.filter((c) => ['country', 'device', 'os', 'browser'].includes(c.id)).map((c) => c.label)).toEqual(['Country', 'Device', 'OS', 'Browser']);
  });

  it('show a dash for a click recorded before they existed', () => {
    expect(cellHtml('country', row({}))).toContain('>-<');
  });
});

describe('the rule column', () => {
  it("names the flow rule that routed the click, 'Default' for the default path; hidden until switched on", () => {
    expect(cellHtml('rule', row({ rule: 'US iPhones' }))).toContain('>US iPhones<');
    expect(cellHtml('rule', row({}))).toContain('>Default<');
    expect(CLICK_LOG_COLUMNS.find((c) => c.id === 'rule')).toMatchObject({ label: 'Rule', shown: false });
  });
});

describe('long names', () => {
  const long = 'KETO | US | Broad | F25-54 | CBO | Scale 2026-11 | UGC hook B';

  it('are on screen whole, in columns that wrap, not cut to an ellipsis with the rest on hover', () => {
    const columns = clickLogTableColumns(tz('UTC'));
    const wraps = (id: string) => columns.find((c) => c.id === id)?.meta?.wrap;
    for (const id of ['campaign', 'tiktokCampaign', 'adGroup', 'creative', 'placement', 'spark']) expect(wraps(id)).toBe(true);
    const html = cellHtml('tiktokCampaign', row({ tiktokCampaignName: long, tiktokCampaignId: '1790123456789012' }));
    expect(html).toContain(`>${long}<`);
    expect(html).not.toContain(`title="${long}"`);
    expect(cellHtml('placement', row({ placement: long }))).not.toContain('title=');
  });

  it('scroll sideways past the status, payout and click id, which stay in view in the spec’s order', () => {
    const order = CLICK_LOG_COLUMNS.map((c) => c.id as string);
    expect(CLICK_LOG_PINNED_COLUMNS).toEqual(order.slice(0, CLICK_LOG_PINNED_COLUMNS.length));
    expect(CLICK_LOG_PINNED_COLUMNS).toContain('clickId');
  });
});
