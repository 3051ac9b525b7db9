// The Stats screen's variable select and name headings, as the catalogue's labels give them (the flow rule's included).
import { describe, expect, it } from '@jest/globals';
import { nameHeaderFor, VARIABLE_GROUPINGS } from './report-groupings';

describe('the tracking variables', () => {
  it('are offered with the spec’s labels, field numbers included', () => {
    expect(VARIABLE_GROUPINGS.map((v) => v.label)).toEqual([
      'Campaign ID (field 4)', 'Adset ID (field 6)', 'Ad ID (field 7)', 'Placement (field 2)', 'Campaign Name (field 3)',
      'Adset Name (field 5)', 'Ad Name (field 7)', 'Country', 'Device', 'OS', 'Browser', 'Rule',
    ]);
  });

  it('head the name column without the field number', () => {
    expect(VARIABLE_GROUPINGS.map((v) => nameHeaderFor(v.value))).toEqual([
      'Campaign ID', 'Adset ID', 'Ad ID', 'Placement', 'Campaign Name', 'Adset Name', 'Ad Name', 'Country', 'Device', 'OS', 'Browser', 'Rule',
    ]);
    expect(nameHeaderFor('mediabuyer')).toBe('Media Buyer');
  });
});
