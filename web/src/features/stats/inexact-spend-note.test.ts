import { describe, expect, it } from '@jest/globals';
import { inexactSpendText } from './InexactSpendNote';

describe('the inexact spend notice', () => {
  it('is absent when every day is exact and names the days otherwise', () => {
    expect(inexactSpendText([])).toBeNull();
    expect(inexactSpendText(['2026-11-20'])).toMatch(/^Spend on 2026-11-20 is approximate: it is the ad account's own calendar day/);
    expect(inexactSpendText(['2026-11-19', '2026-11-20'])).toMatch(/^Spend on 2026-11-19 and 2026-11-20 is approximate/);
    expect(inexactSpendText(['2026-11-01', '2026-11-02', '2026-11-05'])).toMatch(/^Spend on 3 days \(2026-11-01 to 2026-11-05\) is approximate/);
  });
});
