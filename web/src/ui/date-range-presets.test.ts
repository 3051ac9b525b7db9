import { describe, expect, it } from '@jest/globals';
import { formatDayRange, lastDays, pickDay, QUICK_RANGES, toDayParam } from './date-range-presets';

// A Wednesday late in the evening, local time: the quick ranges must not drift by a day.
const today = new Date(2025, 2, 12, 23, 30);

function quick(label: string): string {
  const preset = QUICK_RANGES.find((q) => q.label === label);
  if (!preset) throw new Error(`no quick range ${label}`);
  const { from, to } = preset.range(today);
  return `${toDayParam(from)}..${toDayParam(to)}`;
}

describe('quick ranges', () => {
  it('lists the spec ranges in order', () => {
    expect(QUICK_RANGES.map((q) => q.label)).toEqual([
      'Today',
      'Yesterday',
      'Last 3 days',
      'Last 7 days',
      'Last 14 days',
      'Last 30 days',
      'This month',
      'Last month',
      'Last 90 days',
      'Last 6 months',
    ]);
  });

  it('counts today in "Last N days"', () => {
    expect(quick('Today')).toBe('2025-03-12..2025-03-12');
    expect(quick('Yesterday')).toBe('2025-03-11..2025-03-11');
    expect(quick('Last 3 days')).toBe('2025-03-10..2025-03-12');
    expect(quick('Last 7 days')).toBe('2025-03-06..2025-03-12');
    expect(quick('Last 14 days')).toBe('2025-02-27..2025-03-12');
    expect(quick('Last 30 days')).toBe('2025-02-11..2025-03-12');
    expect(quick('Last 90 days')).toBe('2024-12-13..2025-03-12');
  });

  it('takes calendar months for this month, last month and six months', () => {
    expect(quick('This month')).toBe('2025-03-01..2025-03-12');
    expect(quick('Last month')).toBe('2025-02-01..2025-02-28');
    expect(quick('Last 6 months')).toBe('2024-09-12..2025-03-12');
  });

  it('handles a year boundary for last month', () => {
    const jan = QUICK_RANGES.find((q) => q.label === 'Last month')!.range(new Date(2026, 0, 5));
    expect(`${toDayParam(jan.from)}..${toDayParam(jan.to)}`).toBe('2025-12-01..2025-12-31');
  });
});

describe('day range text', () => {
  it('formats the button text as MMM dd, yyyy - MMM dd, yyyy', () => {
    expect(formatDayRange(lastDays(7, today))).toBe('Mar 06, 2025 - Mar 12, 2025');
  });
});

describe('picking days', () => {
  const d = (day: number) => new Date(2025, 2, day);

  it('needs two clicks for a complete range, in either order', () => {
    const first = pickDay({}, d(10));
    expect(first).toEqual({ from: d(10), to: undefined });
    expect(pickDay(first, d(14))).toEqual({ from: d(10), to: d(14) });
    expect(pickDay(first, d(3))).toEqual({ from: d(3), to: d(10) });
    expect(pickDay(first, d(10))).toEqual({ from: d(10), to: d(10) });
  });

  it('starts over after a complete range', () => {
    expect(pickDay({ from: d(1), to: d(5) }, d(20))).toEqual({ from: d(20), to: undefined });
  });
});
