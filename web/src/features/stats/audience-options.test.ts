import { describe, expect, it } from '@jest/globals';
import { audienceOptions, routedByRules } from './AudienceFilters';

describe('audience filter options', () => {
  const seen = [
    { value: 'DE', label: 'Germany' },
    { value: 'none', label: 'Unknown' },
  ];

  it("offers the range's values as the server lists them", () => {
    expect(audienceOptions('country', seen, 'all')).toEqual(seen);
    expect(audienceOptions('country', undefined, 'all')).toEqual([]);
  });

  it('keeps a picked value listed when the range no longer has it, Unknown for none', () => {
    expect(audienceOptions('country', seen, 'US')).toEqual([{ value: 'US', label: 'US' }, ...seen]);
    expect(audienceOptions('os', [], 'none')).toEqual([{ value: 'none', label: 'Unknown' }]);
  });

  it("offers the rule filter once a flow rule took some of the range's clicks, or a rule is chosen", () => {
    const values = (rule: Array<{ value: string; label: string }>) => ({ country: [], device: [], os: [], browser: [], rule });
    expect(routedByRules(undefined, 'all')).toBe(false);
    expect(routedByRules(values([{ value: 'none', label: 'Default' }]), 'all')).toBe(false);
    expect(routedByRules(values([{ value: 'US iPhones', label: 'US iPhones' }, { value: 'none', label: 'Default' }]), 'all')).toBe(true);
    expect(routedByRules(values([]), 'US iPhones')).toBe(true);
    expect(audienceOptions('rule', [], 'none')).toEqual([{ value: 'none', label: 'Default' }]);
  });
});
