// Background job payloads shared by the services that enqueue them and the workers that run them.
import { z } from 'zod';
import type { FlowOptimization } from './campaign-flow';

/** A conversion became approved on a campaign with a TikTok pixel: tell TikTok once per transaction. */
export const PIXEL_EVENT_JOB = 'tiktok-pixel-event';
export const pixelEventJobSchema = z.object({
  transactionId: z.string().min(1),
  clickId: z.string(),
  campaignId: z.string().min(1),
  /** Decimal string, in `currency`: the payout as reports count it. */
  payout: z.string(),
  /** ISO 4217; jobs enqueued before currencies have none and were in USD. */
  currency: z.string().default('USD'),
  /** Epoch ms of the conversion. */
  eventTime: z.number().int(),
});
export type PixelEventJob = z.infer<typeof pixelEventJobSchema>;

/** Render one invoice's PDF; the job's result is an InvoicePdf, which the API request waits for. */
export const INVOICE_PDF_JOB = 'invoice-pdf';
export const invoicePdfJobSchema = z.object({
  kind: z.enum(['publisher', 'advertiser']),
  id: z.number().int().positive(),
});
export type InvoicePdfJob = z.infer<typeof invoicePdfJobSchema>;
/** Fetch the ECB's reference rates (docs/currencies.md): the 90-day file when none are stored or the newest is
 *  over FX_RATES_GAP_DAYS old, else the daily file; no data. */
export const FX_RATES_JOB = 'fx-rates-fetch';

/** What one fetch of reference rates did. */
export interface FxRatesFetchResult {
  file: 'eurofxref-daily.xml' | 'eurofxref-hist-90d.xml';
  /** Published days in the file, and rates stored (a re-fetch of a day stores its rates again, unchanged). */
  days: number;
  rates: number;
  /** The newest published day now stored. */
  latestDay: string;
  /** Codes the ECB quoted that are not ISO 4217 currencies we know, left out. */
  unknownCurrencies: string[];
  /** Spend re-converted with the new rates (advertiser days rewritten) and rows still waiting for a rate. */
  spend?: SpendReexpressResult;
  /** Converted payouts that waited for these rates (docs/currencies.md, "Payouts"). */
  payouts?: PayoutReexpressResult;
}

/** Convert stored spend and postback payouts again (docs/currencies.md): rows waiting for a rate, rows in another
 *  workspace currency, and with `days`, every row of those days or converted at their rates (a manual rate changed). */
export const SPEND_REEXPRESS_JOB = 'spend-reexpress';
export const spendReexpressJobSchema = z.object({ days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).max(366).optional() });
export type SpendReexpressJob = z.infer<typeof spendReexpressJobSchema>;
export interface SpendReexpressResult {
  advertiserDays: number;
  waiting: number;
  /** The same job re-expresses the ledger's converted payouts. */
  payouts?: PayoutReexpressResult;
}
export interface PayoutReexpressResult {
  /** Transactions whose counted payout changed. */
  transactions: number;
  /** Transactions counting 0 until their day's rate is known. */
  waiting: number;
}

/** Pull the CAKE network's conversions and sub-id stats for a day range (schemas/src/cake.ts). */
export const CAKE_SYNC_JOB = 'cake-sync';

/** Back up DATA_DIR's embedded stores into BACKUP_DIR, keeping the newest BACKUP_KEEP (docs/backup.md); no data. */
export const BACKUP_JOB = 'backup';

/** Weigh every campaign path with auto-optimise on (docs/split-tests.md, "Auto-optimisation"); no data. */
export const FLOW_OPTIMIZE_JOB = 'flow-optimize';

/** One run of the auto-optimiser over every campaign with a path on auto-optimise. */
export interface FlowOptimizationRun {
  optimized: FlowOptimization[];
  /** Campaigns whose run failed, with why; the others still ran. */
  failed: Array<{ campaignId: string; error: string }>;
}
