// Where each click goes: rules in order, weights within binomial bounds, weight 0 never, direct links, caps.
import { describe, expect, it } from '@jest/globals';
import { campaignFlowSchema, type CampaignFlowBody } from '@tracker/schemas';
import { chooseRoute, compileFlow, primaryLanguage, type Visitor } from './choose-route';

const compile = (body: CampaignFlowBody) => compileFlow(campaignFlowSchema.parse(body));
const path = (landers: Array<[number, number]>, offers: Array<[number, number]>) => ({
  landers: landers.map(([landerId, weight]) => ({ landerId, weight })),
  offers: offers.map(([offerId, weight]) => ({ offerId, weight })),
});
const visitor = (audience: Partial<ReturnType<Visitor['audience']>> = {}, extra: Partial<Omit<Visitor, 'audience'>> = {}): Visitor => ({
  audience: () => ({ country: '', device: '', os: '', browser: '', ...audience }),
  language: () => '',
  bot: false,
  ...extra,
});

/** A seeded uniform source, so the counts below are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('chooseRoute', () => {
  it('rotates landers and offers by weight within binomial bounds, and never a weight-0 item', () => {
    const flow = compile({ rules: [], defaultPath: path([[1, 70], [2, 30], [3, 0]], [[7, 25], [8, 75]]) });
    const random = seeded(42);
    const n = 4000;
    const landers = new Map<number | null, number>();
    const offers = new Map<number | null, number>();
    for (let i = 0; i < n; i++) {
      const route = chooseRoute(flow, visitor(), random);
      landers.set(route.landerId, (landers.get(route.landerId) ?? 0) + 1);
      offers.set(route.offerId, (offers.get(route.offerId) ?? 0) + 1);
    }
    // Within 4 standard deviations of n·p.
    const within = (count: number, p: number) => Math.abs(count - n * p) <= 4 * Math.sqrt(n * p * (1 - p));
    expect(within(landers.get(1) ?? 0, 0.7)).toBe(true);
    expect(within(landers.get(2) ?? 0, 0.3)).toBe(true);
    expect(landers.has(3)).toBe(false);
    expect(within(offers.get(7) ?? 0, 0.25)).toBe(true);
    expect(within(offers.get(8) ?? 0, 0.75)).toBe(true);
  });

  it('takes the first rule whose conditions all hold, else the default path', () => {
    const flow = compile({
      rules: [
        { name: 'Bots', conditions: [{ field: 'bot', op: 'in', values: ['bot'] }], path: path([], [[90, 1]]) },
        { name: 'iOS DE', conditions: [{ field: 'country', op: 'in', values: ['DE'] }, { field: 'os', op: 'in', values: ['iOS'] }], path: path([[20, 1]], [[21, 1]]) },
        { name: 'Not US', conditions: [{ field: 'country', op: 'not_in', values: ['US'] }], path: path([[30, 1]], [[31, 1]]) },
        { name: 'German speakers', conditions: [{ field: 'language', op: 'in', values: ['de'] }], path: path([[40, 1]], [[41, 1]]) },
      ],
      defaultPath: path([[1, 1]], [[7, 1]]),
    });
    expect(chooseRoute(flow, visitor({ country: 'DE', os: 'iOS' }, { bot: true }))).toEqual({ rule: 'Bots', landerId: null, offerId: 90, offersCapped: false });
    expect(chooseRoute(flow, visitor({ country: 'DE', os: 'iOS' }))).toEqual({ rule: 'iOS DE', landerId: 20, offerId: 21, offersCapped: false });
    expect(chooseRoute(flow, visitor({ country: 'DE', os: 'Android' }))).toEqual({ rule: 'Not US', landerId: 30, offerId: 31, offersCapped: false });
    expect(chooseRoute(flow, visitor({ country: 'US' }, { language: () => 'de' }))).toEqual({ rule: 'German speakers', landerId: 40, offerId: 41, offersCapped: false });
    expect(chooseRoute(flow, visitor({ country: 'US', os: 'iOS' }))).toEqual({ rule: null, landerId: 1, offerId: 7, offersCapped: false });
  });

  it('compares audience values as the reports show them, whatever their case', () => {
    const flow = compile({ rules: [{ name: 'Mobile', conditions: [{ field: 'device', op: 'in', values: ['mobile'] }], path: path([[5, 1]], [[6, 1]]) }], defaultPath: path([[1, 1]], [[7, 1]]) });
    expect(chooseRoute(flow, visitor({ device: 'Mobile' })).rule).toBe('Mobile');
  });

  it('asks for the audience only when a condition needs it', () => {
    let asked = 0;
    const lazy: Visitor = { audience: () => (asked++, { country: 'US', device: '', os: '', browser: '' }), language: () => 'en', bot: false };
    chooseRoute(compile({ rules: [{ name: 'Bots', conditions: [{ field: 'bot', op: 'in', values: ['bot'] }], path: path([], [[9, 1]]) }], defaultPath: path([[1, 1]], [[7, 1]]) }), lazy);
    expect(asked).toBe(0);
  });

  it('leaves capped offers out of the rotation, then falls back to the fallback offer, then to none', () => {
    const flow = compile({ rules: [], defaultPath: path([[1, 1]], [[7, 1], [8, 1]]), fallbackOfferId: 9 });
    const random = seeded(7);
    for (let i = 0; i < 200; i++) expect(chooseRoute(flow, visitor(), random, new Set([7])).offerId).toBe(8);
    expect(chooseRoute(flow, visitor(), random, new Set([7, 8])).offerId).toBe(9);
    expect(chooseRoute(flow, visitor(), random, new Set([7, 8, 9]))).toMatchObject({ offerId: null, offersCapped: true });
  });
});

describe('primaryLanguage', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['EN', 'en'],
    ['fil-PH', 'fil'],
    ['*', ''],
    [undefined, ''],
  ])('%s → %s', (header, language) => {
    expect(primaryLanguage(header)).toBe(language);
  });
});
