import { describe, expect, it } from '@jest/globals';
import { toggleCampaignFilter } from './campaign-filter';
import { reportRow } from '../../testing/report-fixtures';
import { NO_CLICK_KEY } from './report-types';

describe('campaign filter', () => {
  const spring = { ...reportRow('Spring Sale'), key: 'c_spring' };

  it('sets the filter on a first click and clears it on a second', () => {
    const set = toggleCampaignFilter(null, spring);
    expect(set).toEqual({ id: 'c_spring', label: 'Spring Sale' });
    expect(toggleCampaignFilter(set, spring)).toBeNull();
  });

  it('moves to another campaign', () => {
    const other = { ...reportRow('Winter'), key: 'c_winter' };
    expect(toggleCampaignFilter({ id: 'c_spring', label: 'Spring Sale' }, other)).toEqual({ id: 'c_winter', label: 'Winter' });
  });

  it("ignores the 'No click' row and clicks without a campaign", () => {
    const noClick = { ...reportRow('No click'), key: NO_CLICK_KEY };
    expect(toggleCampaignFilter(null, noClick)).toBeNull();
    expect(toggleCampaignFilter({ id: 'x', label: 'X' }, noClick)).toEqual({ id: 'x', label: 'X' });
    expect(toggleCampaignFilter(null, { ...reportRow('Unknown'), key: '' })).toBeNull();
  });
});
