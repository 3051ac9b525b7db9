// The flow a buyer saves: what it accepts, and the message each refusal shows in the dialog.
import { describe, expect, it } from '@jest/globals';
import { campaignFlowSchema, flowReferences, isCountryCode, singlePathFlow, type CampaignFlowBody } from './campaign-flow';

const path = (landers: Array<[number, number]>, offers: Array<[number, number]>) => ({
  landers: landers.map(([landerId, weight]) => ({ landerId, weight })),
  offers: offers.map(([offerId, weight]) => ({ offerId, weight })),
});
const flow = (overrides: Partial<CampaignFlowBody> = {}): CampaignFlowBody => ({ rules: [], defaultPath: path([[1, 50], [2, 50]], [[7, 100]]), ...overrides });
const refusal = (body: unknown) => {
  const result = campaignFlowSchema.safeParse(body);
  return result.success ? null : result.error.issues.map((i) => i.message).join('; ');
};

describe('campaignFlowSchema', () => {
  it('accepts a weighted default path, rules by audience and a direct link', () => {
    const parsed = campaignFlowSchema.parse(
      flow({
        rules: [
          { name: 'Bots away', conditions: [{ field: 'bot', op: 'in', values: ['bot'] }], path: path([], [[9, 1]]) },
          { name: 'iOS in DE', conditions: [{ field: 'country', op: 'in', values: ['DE'] }, { field: 'os', op: 'in', values: ['iOS'] }], path: path([[3, 1]], [[8, 1]]) },
        ],
      }),
    );
    expect(parsed.defaultPath.autoOptimize).toBe(false);
    expect(parsed.fallbackOfferId).toBeNull();
    expect(parsed.rules[0]!.path.landers).toEqual([]);
  });

  it.each([
    ['a country that is not an ISO code', flow({ rules: [{ name: 'x', conditions: [{ field: 'country', op: 'in', values: ['XX'] }], path: path([[1, 1]], [[7, 1]]) }] }), "'XX' is not an ISO country code"],
    ['the United Kingdom as UK', flow({ rules: [{ name: 'x', conditions: [{ field: 'country', op: 'in', values: ['UK'] }], path: path([[1, 1]], [[7, 1]]) }] }), "'UK' is not an ISO country code: the United Kingdom is GB"],
    ['a lower-case or long country', flow({ rules: [{ name: 'x', conditions: [{ field: 'country', op: 'in', values: ['USA'] }], path: path([[1, 1]], [[7, 1]]) }] }), "'USA' is not an ISO country code"],
    ['a negative weight', flow({ defaultPath: path([[1, -5], [2, 10]], [[7, 1]]) }), 'A weight cannot be negative'],
    ['lander weights all 0', flow({ defaultPath: path([[1, 0], [2, 0]], [[7, 1]]) }), "A path's lander weights cannot all be 0"],
    ['offer weights all 0', flow({ defaultPath: path([[1, 1]], [[7, 0]]) }), "A path's offer weights cannot all be 0"],
    ['an empty path', flow({ defaultPath: path([], []) }), 'A path needs a lander or an offer'],
    ['a lander twice', flow({ defaultPath: path([[1, 1], [1, 2]], [[7, 1]]) }), 'A lander appears twice in one path'],
    ['a rule without conditions', flow({ rules: [{ name: 'x', conditions: [], path: path([[1, 1]], [[7, 1]]) }] }), 'A rule needs at least one condition'],
    ['an unknown field', flow({ rules: [{ name: 'x', conditions: [{ field: 'city' as never, op: 'in', values: ['Berlin'] }], path: path([[1, 1]], [[7, 1]]) }] }), "A condition's field must be one of"],
    ['a bot value other than bot/human', flow({ rules: [{ name: 'x', conditions: [{ field: 'bot', op: 'in', values: ['yes'] }], path: path([[1, 1]], [[7, 1]]) }] }), "A bot condition's values are 'bot' and 'human'"],
    ['two rules of one name', flow({ rules: ['Same', 'same'].map((name) => ({ name, conditions: [{ field: 'os' as const, op: 'in' as const, values: ['iOS'] }], path: path([[1, 1]], [[7, 1]]) })) }), "Two rules are named 'same'"],
    ['a rule named as the default path', flow({ rules: [{ name: ' DEFAULT ', conditions: [{ field: 'os', op: 'in', values: ['iOS'] }], path: path([[1, 1]], [[7, 1]]) }] }), "A rule cannot be named 'Default' or 'none'"],
    ["a rule named 'none'", flow({ rules: [{ name: 'None', conditions: [{ field: 'os', op: 'in', values: ['iOS'] }], path: path([[1, 1]], [[7, 1]]) }] }), "A rule cannot be named 'Default' or 'none'"],
    ['a rule name with a line break', flow({ rules: [{ name: 'US\nmobile', conditions: [{ field: 'os', op: 'in', values: ['iOS'] }], path: path([[1, 1]], [[7, 1]]) }] }), 'A rule name must not contain control characters'],
    ['more than 50 rules', flow({ rules: Array.from({ length: 51 }, (_, i) => ({ name: `r${i}`, conditions: [{ field: 'os' as const, op: 'in' as const, values: ['iOS'] }], path: path([[1, 1]], [[7, 1]]) })) }), 'A flow takes at most 50 rules'],
    ['an unknown key', { ...flow(), extra: 1 }, 'Unrecognized key'],
  ])('refuses %s', (_what, body, message) => {
    expect(refusal(body)).toContain(message);
  });

  it('knows ISO country codes from unknown two-letter ones', () => {
    expect(['US', 'DE', 'GB', 'BR', 'JP'].every(isCountryCode)).toBe(true);
    expect(['XX', 'ZZ', 'EU', 'QO', 'us', 'U', ''].some(isCountryCode)).toBe(false);
    // Withdrawn and reserved codes the region names still resolve: no visitor's country is ever one of them.
    expect(['UK', 'DD', 'SU', 'YU', 'AN', 'IC', 'EA', 'XK'].filter(isCountryCode)).toEqual(['XK']);
    // The codes left are exactly the 250 the GeoLite data assigns.
    const all = Array.from({ length: 676 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))).filter(isCountryCode);
    expect(all).toHaveLength(250);
  });

  it('a campaign of one lander and one offer is a default path holding them at weight 100', () => {
    const single = singlePathFlow(4, 9);
    expect(campaignFlowSchema.parse(single)).toEqual(single);
    expect(single.defaultPath).toEqual({ landers: [{ landerId: 4, weight: 100 }], offers: [{ offerId: 9, weight: 100 }], autoOptimize: false });
    expect(flowReferences({ ...campaignFlowSchema.parse(flow({ rules: [{ name: 'x', conditions: [{ field: 'os', op: 'in', values: ['iOS'] }], path: path([[3, 1]], [[8, 1]]) }], fallbackOfferId: 12 })) })).toEqual({
      landerIds: [1, 2, 3],
      offerIds: [7, 8, 12],
    });
  });
});
