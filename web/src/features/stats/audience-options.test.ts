import { describe, expect, it } from '@jest/globals';
import { audienceOptions } from './AudienceFilters';

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
});
