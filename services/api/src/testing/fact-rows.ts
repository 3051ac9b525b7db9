// Test support for the report routes: rows of the analytics fact tables (clicks, exits, conversions),
// written straight into the store so a test states only the fields its figures depend on.
import { TRACKING_VARIABLES, type TrackingVariableColumn } from '@tracker/schemas';

/** Every dimension a fact row carries, all for campaign cmpA unless a test says otherwise. */
const DIMENSIONS = {
  campaign_id: 'cmpA', lander_id: 0, offer_id: 0, spark_id: '',
  ...(Object.fromEntries(TRACKING_VARIABLES.map((v) => [v.column, ''])) as Record<TrackingVariableColumn, string>),
};
type Dimensions = Partial<typeof DIMENSIONS>;

export const clickRow = (id: string, at: string, d: Dimensions = {}, bot = '') => ({
  click_id: id, clicked_at: at, ...DIMENSIONS, ...d, ttclid: '', ip: '10.0.0.1', user_agent: 'UA', referrer: '', bot,
  log_partition: 0, log_offset: 0,
});
export const exitRow = (eventId: string, clickId: string, clickedAt: string, exitedAt: string, d: Dimensions = {}) => ({
  event_id: eventId, click_id: clickId, exited_at: exitedAt, clicked_at: clickedAt, ...DIMENSIONS, ...d, ip: '', user_agent: '',
  log_partition: 0, log_offset: 0,
});
/** A conversion with transaction id `tx-<clickId>`; `attributed` follows whether it names a campaign. */
export const conversionRow = (eventId: string, sign: 1 | -1, clickId: string, clickedAt: string, status: string, payout: string, d: Dimensions = {}) => ({
  event_id: eventId, sign, transaction_id: `tx-${clickId}`, click_id: clickId, converted_at: clickedAt, clicked_at: clickedAt,
  attributed: d.campaign_id === '' ? 0 : 1, ...DIMENSIONS, ...d, status, payout, network_offer_id: '', network_offer_name: '',
  log_partition: 0, log_offset: 0,
});
