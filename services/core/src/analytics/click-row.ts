// The clicks table's row as a query reads it back (analytics migrations 0001 and 0005), and click_index's
// row, a part of it: one type for every reader, its tracking-variable columns those of the catalogue.
import type { AudienceColumn, TrackingVariableColumn } from '@tracker/schemas/tracking-variables';

/** Times in ClickHouse's text form ('yyyy-MM-dd HH:mm:ss.SSS', UTC); a lander or offer id of 0 is none. */
export interface ClickRow extends Record<TrackingVariableColumn, string> {
  click_id: string;
  clicked_at: string;
  campaign_id: string;
  lander_id: number;
  offer_id: number;
  spark_id: string;
  ttclid: string;
  ip: string;
  user_agent: string;
  referrer: string;
  /** Why the click looks automated, '' for a person. */
  bot: string;
  log_partition: number;
  log_offset: number;
}

/** What exits and conversions copy from their click. The audience columns are left out: they are derived
 *  again from `ip` and `user_agent`, as the click's own were. */
export type ClickIndexRow = Omit<ClickRow, AudienceColumn | 'referrer' | 'bot' | 'log_partition' | 'log_offset'>;
