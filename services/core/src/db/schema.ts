// The entity schema (spec §3) for PostgreSQL and PGlite alike; drizzle-kit generates migrations from it.
// Facts (clicks, lander clicks, exits) live in the analytics store, not here (DESIGN.md §1).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  uniqueIndex,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { AudienceColumn, CampaignFlow, ConversionEvent, TrackingVariableColumn } from '@tracker/schemas';

const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const money = () => numeric({ precision: 10, scale: 2 });
/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; callers always get a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const DEFAULT_UTM_TEMPLATE =
  'sub1={clickId}&sub2={campaign}&sub3={adGroup}&sub4={creative}&sub5={placement}';
export const DEFAULT_TIKTOK_EVENT = 'CompletePayment';

// ---- users, sessions, permissions ----

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull().unique(),
    /** scrypt hash, never the password. */
    password: text().notNull(),
    role: text({ enum: ['admin', 'user'] }).notNull().default('user'),
    createdAt: createdAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('admin', 'user')`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the cookie token under SESSION_SECRET: the token itself is never stored. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const userDashboardPreferences = pgTable('user_dashboard_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  visibleColumns: jsonb().$type<string[]>().notNull().default([]),
  columnWidths: jsonb().$type<Record<string, number>>().notNull().default({}),
  updatedAt: createdAt(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text().notNull(),
  },
  (t) => [unique('user_permissions_user_feature_key').on(t.userId, t.feature)],
);

// ---- tracking entities ----

export const sparks = pgTable('sparks', {
  id: serial().primaryKey(),
  name: text().notNull(),
  code: text().notNull(),
  /** Public, generated, hard to guess: it appears in tracking URLs. */
  sparkId: text().notNull().unique(),
  createdAt: createdAt(),
});

export const landers = pgTable('landers', {
  id: serial().primaryKey(),
  name: text().notNull(),
  url: text().notNull(),
  createdAt: createdAt(),
});

export const offers = pgTable('offers', {
  id: serial().primaryKey(),
  name: text().notNull(),
  url: text().notNull(),
  utmTemplate: text().notNull().default(DEFAULT_UTM_TEMPLATE),
  /** Paid for a conversion whose postback carries no payout; null: such a postback is refused. */
  defaultPayout: money(),
  /** ISO 4217 code of the offer's payouts; null: the workspace currency (docs/currencies.md). */
  payoutCurrency: text(),
  /** Approved conversions a report day before the offer leaves every rotation until the day turns; null: no cap. */
  dailyCap: integer(),
  createdAt: createdAt(),
});

/** When an offer reached its daily cap: one row a report day, written by the ingest that first saw it. */
export const offerCapHits = pgTable(
  'offer_cap_hits',
  {
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The report day, YYYY-MM-DD in the report time zone. */
    day: text().notNull(),
    hitAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    conversions: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day] })],
);

export const domainStatuses = [
  'pending',
  'purchasing',
  'purchased',
  'configuring_dns',
  'active',
  'dns_failed',
  'failed',
] as const;

export const domains = pgTable('domains', {
  id: serial().primaryKey(),
  domain: text().notNull().unique(),
  subdomain: text(),
  status: text({ enum: domainStatuses }).notNull().default('pending'),
  purchaseOrderId: text(),
  purchaseAmount: money(),
  /** The registrar's id of the domain in our account: proof it is ours, also when the order id was lost. */
  registrarDomainId: text(),
  cloudflareZoneId: text(),
  cloudflareRecordId: text(),
  /** The edge worker's route `{subdomain}.{domain}/*` on the zone. */
  cloudflareRouteId: text(),
  nameservers: text().array(),
  errorMessage: text(),
  purchasedAt: timestamp({ withTimezone: true, mode: 'date' }),
  configuredAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Every status change of a domain's purchase → DNS state machine, with its time and error. */
export const domainTransitions = pgTable(
  'domain_transitions',
  {
    id: serial().primaryKey(),
    domainId: integer()
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    fromStatus: text({ enum: domainStatuses }),
    toStatus: text({ enum: domainStatuses }).notNull(),
    error: text(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('domain_transitions_domain_idx').on(t.domainId, t.id)],
);

export const tiktokPixels = pgTable('tiktok_pixels', {
  id: serial().primaryKey(),
  name: text().notNull(),
  pixelId: text().notNull().unique(),
  /** Encrypted at rest with SECRETS_KEY (core/secrets). */
  accessToken: text().notNull(),
  websiteUrl: text(),
  createdAt: createdAt(),
});

export const campaigns = pgTable('campaigns', {
  /** Public and generated: it is the path of the tracking URL, /r/{id}, so it must not be guessable. */
  id: text().primaryKey(),
  name: text().notNull(),
  /** Required when saving a campaign; set to null only when its lander is deleted. */
  landerId: integer().references(() => landers.id, { onDelete: 'set null' }),
  offerId: integer().references(() => offers.id, { onDelete: 'set null' }),
  domainId: integer().references(() => domains.id, { onDelete: 'set null' }),
  sparkId: integer().references(() => sparks.id, { onDelete: 'set null' }),
  tiktokPixelId: integer().references(() => tiktokPixels.id, { onDelete: 'set null' }),
  defaultTiktokEvent: text().notNull().default(DEFAULT_TIKTOK_EVENT),
  bhToggle: boolean().notNull().default(false),
  /** Where the traffic goes (rules, weighted landers and offers): null for a campaign made with one lander and one
   *  offer, whose flow is those two at weight 100. With a flow, `landerId` and `offerId` hold its default path's
   *  first items, so everything that reads a campaign's lander and offer keeps working. */
  flow: jsonb().$type<CampaignFlow>(),
  createdAt: createdAt(),
});

/** Every change of a campaign's flow, by a person (the flow editor, or the simple dialog's lander and offer) or by
 *  the auto-optimiser: GET /api/campaigns/:id/flow/history. */
export const campaignFlowChanges = pgTable(
  'campaign_flow_changes',
  {
    id: serial().primaryKey(),
    campaignId: text()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The person's username at the time; null for the auto-optimiser. */
    changedBy: text(),
    reason: text().notNull(),
    before: jsonb().$type<CampaignFlow>().notNull(),
    after: jsonb().$type<CampaignFlow>().notNull(),
    changedAt: createdAt(),
  },
  (t) => [index('campaign_flow_changes_campaign_idx').on(t.campaignId, t.changedAt)],
);

export const generatedWebsites = pgTable('generated_websites', {
  id: serial().primaryKey(),
  campaignId: text()
    .notNull()
    .unique()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  storeName: text().notNull(),
  storeType: text().notNull(),
  htmlContent: text().notNull(),
  generatedAt: createdAt(),
});

export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: createdAt(),
});

export const userSparkAssignments = pgTable(
  'user_spark_assignments',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sparkId: integer()
      .notNull()
      .references(() => sparks.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sparkId] })],
);

export const userSubid1Assignments = pgTable(
  'user_subid1_assignments',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subid1: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subid1] })],
);

export const userVcnAssignments = pgTable(
  'user_vcn_assignments',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vcnNickname: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vcnNickname] })],
);

// ---- conversions and affiliate-network data ----

export const postbackStatuses = ['approved', 'pending', 'rejected'] as const;
/** What a conversion event did to the ledger: a new transaction, a new status or payout, or nothing; or
 *  a postback refused at the ingest (its click id cannot be one of ours), which never reached the ledger. */
export const conversionOutcomes = ['new', 'revised', 'replay', 'refused'] as const;

/** Columns the facts gained after the ledger's first rows: the click's audience (analytics migration 0005) and
 *  its flow rule (0008). Rows written before them lack them, and are stored as ''. */
type LaterColumn = AudienceColumn | Extract<TrackingVariableColumn, 'rule'>;

/** One row of the analytics `conversions` table (sign +1 adds a transaction's state, -1 undoes it), as
 *  the projector writes it there and keeps it in the ledger's jsonb columns below. */
export interface ConversionRow
  extends Record<Exclude<TrackingVariableColumn, LaterColumn>, string>,
    Partial<Record<LaterColumn, string>> {
  event_id: string;
  sign: 1 | -1;
  transaction_id: string;
  click_id: string;
  converted_at: string;
  clicked_at: string;
  attributed: 0 | 1;
  campaign_id: string;
  lander_id: number;
  offer_id: number;
  spark_id: string;
  status: string;
  payout: string;
  network_offer_id: string;
  network_offer_name: string;
  log_partition: number;
  log_offset: number;
}

/** What the ledger remembers of a transaction beyond its columns. */
export interface LedgerMetadata {
  /** The +1 row the transaction's current state was written as; its -1 twin undoes it. */
  lastRow: ConversionRow;
  source: string;
}

/** The conversions ledger: its unique transaction id decides what is a duplicate (DESIGN.md §3). */
export const postbackConversions = pgTable(
  'postback_conversions',
  {
    id: serial().primaryKey(),
    transactionId: text().notNull().unique(),
    clickId: text().notNull(),
    payout: money().notNull(),
    offerId: text(),
    offerName: text(),
    status: text({ enum: postbackStatuses }).notNull().default('approved'),
    metadata: jsonb().$type<LedgerMetadata>(),
    receivedAt: createdAt(),
    updatedAt: createdAt(),
    // A payout in another currency than the workspace's (its offer's payoutCurrency) is converted at the
    // rate of the transaction's first postback's UTC day; `payout` holds the converted amount and these
    // keep the evidence (docs/currencies.md). Null on rows that needed no conversion.
    /** The currency `payout` is in: the workspace currency when it was written. Null on rows from before currencies. */
    payoutCurrency: text(),
    originalPayout: money(),
    originalCurrency: text(),
    /** Units of `payoutCurrency` per unit of `originalCurrency` (8 decimals, for showing). */
    fxRate: numeric({ precision: 24, scale: 12 }),
    /** The publication day of the rate used (Friday's for a Saturday conversion). */
    fxRateDay: date({ mode: 'string' }),
    /** Re-expressed into a workspace currency whose rate for its day is not known yet: `payout` counts 0 until it is. */
    fxPending: boolean().notNull().default(false),
  },
  (t) => [index('postback_conversions_click_idx').on(t.clickId)],
);

export const cakeStats = pgTable(
  'cake_stats',
  {
    id: serial().primaryKey(),
    date: date({ mode: 'string' }).notNull(),
    offerId: text().notNull(),
    offerName: text().notNull().default(''),
    /** The media buyer. */
    subid1: text().notNull().default(''),
    /** The click id. */
    subid2: text().notNull().default(''),
    subid3: text().notNull().default(''),
    clicks: integer().notNull().default(0),
    conversions: integer().notNull().default(0),
    revenue: money().notNull().default('0'),
  },
  (t) => [unique('cake_stats_day_offer_subids_key').on(t.date, t.offerId, t.subid1, t.subid2, t.subid3)],
);

export const cakeConversions = pgTable('cake_conversions', {
  id: serial().primaryKey(),
  conversionId: text().notNull().unique(),
  conversionDate: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  offerId: text(),
  offerName: text(),
  subid1: text(),
  subid2: text(),
  subid3: text(),
  revenue: money().notNull().default('0'),
},
// The reports look CAKE conversions up by our click id (subid2) and by day.
(t) => [index('cake_conversions_subid2_idx').on(t.subid2), index('cake_conversions_date_idx').on(t.conversionDate)],
);

/** The conversion of a spend row into the workspace currency (docs/currencies.md), kept as evidence: the amount
 *  TikTok reported in the account's currency, the currency `spend` is in, the cross rate used (units of the
 *  workspace currency per unit of the original, 8 decimals; conversion itself uses the exact fraction of the two
 *  EUR rates) and the day that rate was published for. Null original: recorded before conversion. While the rate
 *  of the row's day is not known yet the row waits: fxPending, and `spend` is 0. */
const spendEvidence = {
  originalSpend: numeric({ precision: 14, scale: 2 }),
  originalCurrency: text(),
  spendCurrency: text(),
  fxRate: numeric({ precision: 24, scale: 12 }),
  fxRateDay: date({ mode: 'string' }),
  fxPending: boolean().notNull().default(false),
};

export const tiktokSpend = pgTable(
  'tiktok_spend',
  {
    id: serial().primaryKey(),
    date: date({ mode: 'string' }).notNull(),
    tiktokCampaignId: text().notNull(),
    campaignName: text(),
    spend: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    conversions: integer().notNull().default(0),
    syncedAt: createdAt(),
    /** The TikTok advertiser whose sync wrote the row (null for rows recorded otherwise): a re-sync of a
     *  day zeroes that advertiser's rows the new pull no longer has, so the day is replaced, not added to. */
    advertiserId: text(),
    ...spendEvidence,
  },
  (t) => [unique('tiktok_spend_day_campaign_key').on(t.date, t.tiktokCampaignId)],
);

/** Spend per TikTok ad and hour (today and yesterday, advertiser time zone) or per ad and advertiser day
 *  (older days), as the spend sync pulled it at ad level: the record the analytics table ad_spend mirrors.
 *  A row covers [startsAt, startsAt + hours). Replaced per (advertiser, advertiser day): a row a later pull
 *  no longer has is set to zero, never deleted, so the mirror is replaced the same way. */
export const tiktokAdSpend = pgTable(
  'tiktok_ad_spend',
  {
    id: serial().primaryKey(),
    advertiserId: text().notNull(),
    advertiserDay: date({ mode: 'string' }).notNull(),
    startsAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** 1 for an hourly row, 24 for a daily one. */
    hours: integer().notNull(),
    tiktokCampaignId: text().notNull(),
    tiktokAdgroupId: text().notNull(),
    tiktokAdId: text().notNull(),
    campaignName: text(),
    adgroupName: text(),
    adName: text(),
    spend: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    conversions: integer().notNull().default(0),
    syncedAt: createdAt(),
    ...spendEvidence,
  },
  (t) => [
    unique('tiktok_ad_spend_row_key').on(t.advertiserId, t.advertiserDay, t.hours, t.startsAt, t.tiktokAdId),
    // The dashboard polls the spend waiting for a rate: few rows, found without reading the rest.
    index('tiktok_ad_spend_fx_pending_idx').on(t.advertiserDay).where(sql`${t.fxPending}`),
  ],
);

// ---- reference exchange rates (docs/currencies.md) ----

export const fxRateSources = ['ecb', 'manual'] as const;

/** Reference rates, per day and currency: how many units of the currency one euro buys (the ECB's way of
 *  quoting; EUR itself is never stored, its rate is 1). The ECB's published rate and an admin's manual one are
 *  separate rows of the same day, so a re-fetch never overwrites a manual rate; a manual rate wins for its day. */
export const fxRates = pgTable(
  'fx_rates',
  {
    day: date({ mode: 'string' }).notNull(),
    /** ISO 4217 code. */
    currency: text().notNull(),
    source: text({ enum: fxRateSources }).notNull(),
    /** Units of the currency per EUR, exact decimal. */
    rate: numeric({ precision: 24, scale: 12 }).notNull(),
    /** Who entered a manual rate (null for the ECB's, or once the user is deleted). */
    enteredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When the row was fetched or entered (last changed). */
    enteredAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.currency, t.source] }),
    // Reading a day's rate walks back from the day per currency.
    index('fx_rates_currency_day_idx').on(t.currency, t.day),
    check('fx_rates_rate_positive', sql`${t.rate} > 0`),
    check('fx_rates_source_check', sql`${t.source} in ('ecb', 'manual')`),
  ],
);

/** TikTok ad accounts whose spend the sync pulls. The access token is sealed with the
 *  secrets key; time zone and currency are what TikTok's advertiser info reports. */
export const tiktokAccounts = pgTable('tiktok_accounts', {
  id: serial().primaryKey(),
  advertiserId: text().notNull().unique(),
  name: text().notNull(),
  accessToken: text().notNull(),
  /** IANA zone of the advertiser: its report days are calendar days there. */
  timezone: text().notNull(),
  currency: text().notNull(),
  createdAt: createdAt(),
  lastSyncAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastSuccessAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastSyncRows: integer(),
  lastSyncDurationMs: integer(),
  /** The last run's failure, null after a run that succeeded. */
  lastSyncError: text(),
});

export const tiktokPixelEventHistory = pgTable(
  'tiktok_pixel_event_history',
  {
    id: serial().primaryKey(),
    pixelId: integer().references(() => tiktokPixels.id, { onDelete: 'set null' }),
    eventName: text().notNull(),
    status: text().notNull(),
    message: text(),
    requestPayload: jsonb(),
    responseData: jsonb(),
    timestamp: createdAt(),
  },
  (t) => [index('tiktok_pixel_event_history_pixel_idx').on(t.pixelId, t.timestamp)],
);

// ---- back office ----

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    subject: text(),
    /** The mail's Message-ID, so a re-read mailbox adds no code twice. */
    messageId: text().unique(),
    receivedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    extractedAt: createdAt(),
  },
  // The list is newest first and retention deletes by age: both read this index.
  (t) => [index('verification_codes_received_idx').on(t.receivedAt)],
);

export const mailSourceKinds = ['imap', 'inbound'] as const;

/** Where verification-code mails come from, with what the Settings → Mail card shows about each. */
export const mailSources = pgTable('mail_sources', {
  kind: text({ enum: mailSourceKinds }).primaryKey(),
  /** The IMAP mailbox as shown to admins (password masked); null for the inbound hook. */
  mailbox: text(),
  lastPollAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** The last poll that succeeded (metrics alert on its age). */
  lastSuccessAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastMailAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true, mode: 'date' }),
  stored: integer().notNull().default(0),
  skipped: integer().notNull().default(0),
  duplicates: integer().notNull().default(0),
  /** IMAP: UIDs up to lastUid of this UIDVALIDITY are read; a new UIDVALIDITY starts over. */
  uidValidity: text(),
  lastUid: bigint({ mode: 'number' }).notNull().default(0),
});

export const transactionStatuses = ['PENDING', 'CLEARED', 'DECLINED'] as const;

export const transactions = pgTable(
  'transactions',
  {
    id: serial().primaryKey(),
    registeredCardLast4: text(),
    fundingSource: text(),
    typeOfAccount: text(),
    transactionDate: timestamp({ withTimezone: true, mode: 'date' }),
    clearDate: timestamp({ withTimezone: true, mode: 'date' }),
    type: text(),
    status: text({ enum: transactionStatuses }).notNull(),
    nameOnCard: text(),
    authBillingAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    merchantName: text(),
    merchantCity: text(),
    merchantState: text(),
    vcnNickname: text(),
    vcnLast4: text(),
    referenceId: text(),
    /** Who the transaction is across exports: `ref:` + its Reference Id, or for a row without one a
     *  `row:` hash of the fields a later export repeats (workers/statement-import/identify-transaction.ts). */
    identityKey: text().notNull(),
    uploadedAt: createdAt(),
  },
  (t) => [
    unique('transactions_identity_key').on(t.identityKey),
    // The Transactions table's default order and its filters, and the scope of a user's VCNs. Every index
    // costs the import (PGlite took 3.8 s for 20 k rows with seven, 2.1 s with two): no more than these.
    index('transactions_newest_idx').on(t.transactionDate.desc().nullsLast(), t.id.desc()),
    index('transactions_vcn_nickname_idx').on(t.vcnNickname),
    index('transactions_vcn_last4_idx').on(t.vcnLast4),
  ],
);

/**
 * Transactions summed per VCN nickname ('' for none), status and UTC day (null: undated), rebuilt by every
 * statement import inside its transaction: the Billing cards and VCN Spend Summary read these few
 * thousand rows instead of scanning every transaction (target: p95 ≤ 100 ms at 200 k transactions).
 */
/** A statement file between its upload and its import job: in the entity store, because the api and the
 *  workers may run on different hosts. The upload deletes it once the job answered; a day-old one is an
 *  abandoned upload and goes with the next upload. */
export const statementUploads = pgTable('statement_uploads', {
  id: text().primaryKey(),
  fileName: text().notNull(),
  content: bytea().notNull(),
  createdAt: createdAt(),
});

export const transactionDayTotals = pgTable(
  'transaction_day_totals',
  {
    vcnNickname: text().notNull(),
    status: text({ enum: transactionStatuses }).notNull(),
    day: date({ mode: 'string' }),
    transactions: integer().notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('transaction_day_totals_nickname_idx').on(t.vcnNickname, t.day)],
);

/** One row per invoice number prefix (PUB, ADV): numbers restart every year. */
export const invoiceSequences = pgTable('invoice_sequences', {
  prefix: text().primaryKey(),
  currentYear: integer().notNull(),
  currentSequence: integer().notNull().default(0),
});

export const invoiceSettings = pgTable('invoice_settings', {
  id: text({ enum: ['publisher', 'advertiser'] }).primaryKey(),
  fromCompanyName: text(),
  fromAddress: text(),
  billToName: text(),
  billToAddress: text(),
  terms: text(),
  accountManager: text(),
  bankName: text(),
  bankAddress: text(),
  beneficiaryName: text(),
  beneficiaryAddress: text(),
  routingNumber: text(),
  wireRoutingNumber: text(),
  swiftCode: text(),
  iban: text(),
  ifscCode: text(),
  accountNumber: text(),
  checkAddress: text(),
  updatedAt: createdAt(),
});

export const publisherInvoices = pgTable('publisher_invoices', {
  id: serial().primaryKey(),
  invoiceNumber: text().notNull().unique(),
  mediaBuyer: text().notNull(),
  description: text().notNull(),
  period: text().notNull(),
  amountPaid: money().notNull(),
  revenueSharePercent: numeric({ precision: 5, scale: 2 }).notNull(),
  profit: money().notNull(),
  invoiceDate: date({ mode: 'string' }).notNull(),
  notes: text(),
  /** ISO 4217 code the amounts are in: the workspace currency when created unless the body named one. Invoices
   *  from before the column were printed in dollars, so they hold USD. */
  currency: text().notNull().default('USD'),
  pdfGenerated: boolean().notNull().default(false),
  createdAt: createdAt(),
});

export const advertiserCompanies = pgTable(
  'advertiser_companies',
  {
    id: serial().primaryKey(),
    companyName: text().notNull().unique(),
    billingAddress: text(),
    createdAt: createdAt(),
  },
  // 'globex corporation' is the company 'Globex Corporation' already saved, not a second one.
  (t) => [uniqueIndex('advertiser_companies_name_ci_key').on(sql`lower(${t.companyName})`)],
);

export const advertiserInvoices = pgTable('advertiser_invoices', {
  id: serial().primaryKey(),
  invoiceNumber: text().notNull().unique(),
  companyName: text().notNull(),
  billingAddress: text(),
  /** JSON text of [{ description, amount }]. */
  lineItems: text().notNull(),
  period: text().notNull(),
  totalAmount: money().notNull(),
  invoiceDate: date({ mode: 'string' }).notNull(),
  dueDate: date({ mode: 'string' }),
  payTerms: text(),
  notes: text(),
  /** As publisher_invoices.currency. */
  currency: text().notNull().default('USD'),
  pdfGenerated: boolean().notNull().default(false),
  createdAt: createdAt(),
});

// ---- the in-process job queue (used when REDIS_URL is not set) ----

export const jobs = pgTable(
  'jobs',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    data: jsonb(),
    status: text({ enum: ['waiting', 'delayed', 'active', 'completed', 'failed'] })
      .notNull()
      .default('waiting'),
    attemptsMade: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    backoffMs: integer().notNull().default(1000),
    runAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    progress: jsonb(),
    result: jsonb(),
    error: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

// ---- the projector's bookkeeping (DESIGN.md §3) ----

/** A batch's offset range, recorded before its rows go to the analytics store: after a crash the
 *  same range is re-sent with the same deduplication tokens, so nothing counts twice. */
export const projectorBatches = pgTable(
  'projector_batches',
  {
    groupName: text().notNull(),
    partition: integer().notNull(),
    firstOffset: bigint({ mode: 'number' }).notNull(),
    lastOffset: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupName, t.partition, t.firstOffset] })],
);

/** What one conversion event did to the ledger, as the analytics rows it produced: a replay of the
 *  event (a retried batch, or the whole log into empty analytics tables) writes the same rows. */
export const conversionRevisions = pgTable(
  'conversion_revisions',
  {
    eventId: text().primaryKey(),
    transactionId: text().notNull(),
    rows: jsonb().$type<ConversionRow[]>().notNull(),
    createdAt: createdAt(),
    // The postback as it was received, kept for the conversion log, replays included
    // (their `rows` are empty). Null on rows written before the log existed.
    clickId: text(),
    status: text({ enum: postbackStatuses }),
    payout: money(),
    /** The event's time: when the postback reached the ingest. */
    receivedAt: timestamp({ withTimezone: true, mode: 'date' }),
    outcome: text({ enum: conversionOutcomes }),
    /** The transaction's click is known (false: counted as unattributed, an unknown click id); null when refused. */
    attributed: boolean(),
    campaignId: text(),
    source: text(),
    /** Set when the event waited in parked_conversions for its click before it was projected. */
    parkedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The currency `payout` was received in, when it is not the workspace currency (its offer's payoutCurrency). */
    payoutCurrency: text(),
    /** It waited in parked_conversions for its payout's reference rate (not, or not only, for its click). */
    waitedForRate: boolean().notNull().default(false),
  },
  (t) => [
    index('conversion_revisions_transaction_idx').on(t.transactionId),
    index('conversion_revisions_received_idx').on(t.receivedAt, t.eventId),
    index('conversion_revisions_click_idx').on(t.clickId),
  ],
);

/** Conversions whose click is not known yet: retried until it is, or until the grace period ends
 *  and they count as unattributed. Never dropped. */
export const parkedConversions = pgTable(
  'parked_conversions',
  {
    eventId: text().primaryKey(),
    clickId: text().notNull(),
    /** As it was read from the log; parsed again before it is retried (see `unreadable`). */
    event: jsonb().$type<ConversionEvent>().notNull(),
    logPartition: integer().notNull(),
    logOffset: bigint({ mode: 'number' }).notNull(),
    parkedAt: createdAt(),
    /** Why `event` could not be read back: such a row is kept for an operator but no longer retried. */
    unreadable: text(),
    /** Set while the event waits for the reference rate of its payout's currency on this UTC day (its click is known). */
    rateCurrency: text(),
    rateDay: date({ mode: 'string' }),
    /** Set when a retry claims the row to revise it and write its analytics rows under this token (see the
     *  projector's retry walk); a claim older than a walk can last is finished by the next walk, under the same token,
     *  which the analytics store drops as a copy when the rows were written before. */
    retryToken: text(),
    retryClaimedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('parked_conversions_parked_idx').on(t.parkedAt),
    index('parked_conversions_retry_token_idx').on(t.retryToken).where(sql`${t.retryToken} IS NOT NULL`),
    // The retry walks waiting rows in log order, page by page.
    index('parked_conversions_position_idx').on(t.logPartition, t.logOffset),
    // A click's later postbacks queue behind its parked ones, and a parked postback keeps CAKE from filling in for it.
    index('parked_conversions_click_idx').on(t.clickId),
  ],
);

/** Each ingest process's spill (events Kafka did not acknowledge in time), as it last reported it: the
 *  admin Settings page warns while any spill is not empty. One row per ingest host and DATA_DIR. */
export const eventLogSpills = pgTable('event_log_spills', {
  instance: text().primaryKey(),
  records: integer().notNull(),
  bytes: bigint({ mode: 'number' }).notNull(),
  forwardedTotal: bigint({ mode: 'number' }).notNull(),
  refusedTotal: bigint({ mode: 'number' }).notNull(),
  lastForwardedAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastError: text(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
});

/** The CAKE network connection (one row, id 1), set by admins; the sync job records its last run here. */
export const cakeIntegration = pgTable('cake_integration', {
  id: integer().primaryKey(),
  baseUrl: text().notNull(),
  affiliateId: text().notNull(),
  /** core/secrets encryptSecret(); never sent back. */
  apiKeyEncrypted: text().notNull(),
  apiKeyLast4: text().notNull(),
  lastRunAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** The last run that succeeded (metrics alert on its age). */
  lastSuccessAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastRows: integer(),
  lastDurationMs: integer(),
  lastError: text(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---- alerts and the channels they go out through (docs/alerts.md) ----

export const notificationChannelTypes = ['slack', 'telegram', 'webhook'] as const;

/** Where alerts are sent (Settings → Alerts). Each type has one secret, sealed with the secrets key. */
export const notificationChannels = pgTable('notification_channels', {
  id: serial().primaryKey(),
  type: text({ enum: notificationChannelTypes }).notNull(),
  name: text().notNull(),
  /** A webhook's URL; null for Slack, whose URL is the secret, and for Telegram. */
  url: text(),
  /** Telegram's chat (a numeric id or @channel). */
  chatId: text(),
  /** core/secrets encryptSecret() of the Slack webhook URL, the Telegram bot token or the webhook's HMAC secret. */
  secret: text().notNull(),
  /** The alert kinds it takes; empty: every kind. */
  alertKinds: jsonb().$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export const alertStateValues = ['firing', 'resolved'] as const;

/** Each alert's current state by its stable key ('spend-sync:3'): a firing is sent once, and a restart
 *  or a second worker sees that it was. */
export const alertStates = pgTable('alert_states', {
  key: text().primaryKey(),
  kind: text().notNull(),
  state: text({ enum: alertStateValues }).notNull(),
  title: text().notNull(),
  text: text().notNull(),
  /** When it began firing (or resolved, for a resolved one). */
  since: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: createdAt(),
});

/** Every transition of an alert: the alert log. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: serial().primaryKey(),
    key: text().notNull(),
    kind: text().notNull(),
    state: text({ enum: alertStateValues }).notNull(),
    title: text().notNull(),
    text: text().notNull(),
    at: createdAt(),
  },
  (t) => [index('alert_events_at_idx').on(t.at)],
);

export const alertDeliveryStatuses = ['pending', 'sending', 'sent', 'failed'] as const;

/** One event to one channel: written with the event (an outbox), then sent; a failed send stays pending
 *  for the next check until it has been tried enough. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    channelId: integer().references(() => notificationChannels.id, { onDelete: 'set null' }),
    channelName: text().notNull(),
    channelType: text({ enum: notificationChannelTypes }).notNull(),
    status: text({ enum: alertDeliveryStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    error: text(),
    /** While sending: when a sender took it, so a sender that died holding it is noticed. */
    claimedAt: timestamp({ withTimezone: true, mode: 'date' }),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('alert_deliveries_status_idx').on(t.status, t.id), index('alert_deliveries_event_idx').on(t.eventId)],
);

/** What a check must remember between runs (the projector lag check: the log's end offsets it saw, and when). */
export const alertCheckMemory = pgTable('alert_check_memory', {
  check: text().primaryKey(),
  data: jsonb().notNull(),
  updatedAt: createdAt(),
});

// ---- automation rules (docs/automation.md) ----

export const ruleLevels = ['campaign', 'adgroup', 'ad'] as const;

/** An automation rule: what it watches (level, accounts, window, conditions) and what it does. */
export const rules = pgTable('rules', {
  id: serial().primaryKey(),
  name: text().notNull(),
  level: text({ enum: ruleLevels }).notNull(),
  accountIds: jsonb().$type<string[]>().notNull(),
  campaignIds: jsonb().$type<string[]>().notNull().default([]),
  window: text().notNull(),
  conditions: jsonb().$type<Array<{ metric: string; op: string; value: number }>>().notNull(),
  guard: jsonb().$type<{ minSpend: number; minVisits: number }>().notNull(),
  action: jsonb().$type<{ type: string; percent: number | null; budgetCap: number | null }>().notNull(),
  cooldownMinutes: integer().notNull(),
  maxActionsPerDay: integer().notNull(),
  mode: text({ enum: ['live', 'dry_run'] }).notNull(),
  notify: jsonb().$type<number[]>().notNull().default([]),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
  updatedAt: createdAt(),
  lastRunAt: timestamp({ withTimezone: true, mode: 'date' }),
});

/** Every decision a rule acted on (or would have, in dry-run): the automation log. */
export const ruleLog = pgTable(
  'rule_log',
  {
    id: serial().primaryKey(),
    ruleId: integer()
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    ruleName: text().notNull(),
    at: createdAt(),
    level: text({ enum: ruleLevels }).notNull(),
    objectId: text().notNull(),
    objectName: text().notNull(),
    metrics: jsonb().$type<Record<string, unknown>>().notNull(),
    action: text().notNull(),
    mode: text({ enum: ['live', 'dry_run'] }).notNull(),
    change: text().notNull(),
    result: text().notNull(),
    tiktokCode: integer(),
    tiktokMessage: text(),
    tiktokRequestId: text(),
  },
  (t) => [index('rule_log_rule_at_idx').on(t.ruleId, t.at), index('rule_log_at_idx').on(t.at)],
);

/** Per rule and object, what makes an action happen once: when the rule last acted on it (the cool-down
 *  holds across restarts) and the action it is about to take, written before TikTok is called, so a job
 *  killed between the call and the log finishes that action instead of deciding it again. */
export const ruleObjectStates = pgTable(
  'rule_object_states',
  {
    ruleId: integer()
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    level: text({ enum: ruleLevels }).notNull(),
    objectId: text().notNull(),
    advertiserId: text().notNull(),
    lastActionAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The action under way: its target (status or budget), the metrics it was decided on; null when none. */
    pending: jsonb().$type<Record<string, unknown>>(),
    pendingSince: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.level, t.objectId] })],
);
