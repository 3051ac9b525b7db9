// services/integrations: clients for third-party APIs (TikTok, the verification-code mailbox, ...). Their local fakes for tests live in
// services/testing (`@tracker/testing`).
export {
  sendTiktokEvent,
  buildEventPayload,
  TIKTOK_EVENT_TRACK_PATH,
  TIKTOK_TIMEOUT_MS,
  type SendTiktokEventInput,
  type TiktokEventResult,
  type TiktokWebEvent,
} from './tiktok/events-api';
export {
  getAdvertiserInfo,
  getAdSpend,
  isTimeZone,
  TiktokApiError,
  TIKTOK_ADVERTISER_INFO_PATH,
  TIKTOK_REPORT_PATH,
  TIKTOK_REPORT_PAGE_SIZE,
  TIKTOK_THROTTLED_CODE,
  TIKTOK_RETRIED_CODES,
  TIKTOK_CALLS_PER_SECOND,
  type AdvertiserInfo,
  type AdSpendRow,
  type TiktokCallOptions,
} from './tiktok/reporting-api';
export {
  getMarketingObjects,
  updateMarketingBudget,
  updateMarketingStatus,
  tiktokGetPath,
  tiktokStatusPath,
  TIKTOK_ADGROUP_BUDGET_PATH,
  TIKTOK_CAMPAIGN_UPDATE_PATH,
  TIKTOK_RETRY_CODES,
  TIKTOK_STATUS_BATCH,
  TIKTOK_THROTTLE_CODES,
  type MarketingAnswer,
  type MarketingLevel,
  type MarketingObject,
  type OperationStatus,
} from './tiktok/marketing-api';
export {
  createNamecheapClient,
  RegistrarError,
  NAMECHEAP_TIMEOUT_MS,
  type NamecheapClient,
  type NamecheapOptions,
  type DomainCheck,
  type DomainOrder,
  type RegisterPrice,
} from './registrar/namecheap-client';
export {
  createCloudflareClient,
  CloudflareError,
  WORKER_COMPATIBILITY_DATE,
  type CloudflareClient,
  type CloudflareOptions,
  type DnsRecord,
  type WorkerBinding,
  type WorkerRoute,
  type Zone,
} from './cloudflare/cloudflare-client';
export {
  domainAutomationFromConfig,
  unconfiguredDomainAutomation,
  requireRegistrar,
  requireRegistrantContact,
  requireCloudflare,
  deployEdgeWorker,
  ensureWorkerRoute,
  ensureTrackingRecord,
  defaultEdgeWorkerScript,
  EDGE_WORKER_NAME,
  type DomainAutomation,
} from './domains/domain-automation';
export { parseCodeMail, UnreadableMailError, type CodeMail } from './mail/parse-code-mail';
export { parseImapUrl, scrubSecret, type ImapMailbox } from './mail/imap-mailbox';
export { pollImapMailbox, type PollImapOptions, type PollResult } from './mail/poll-imap-mailbox';
export { recordCodeMails, recordMailPoll, type MailOutcome, type MailSourceKind } from './mail/record-code-mails';
export { codesRetentionCutoff, deleteExpiredCodes, readCodesRetentionDays } from './mail/codes-retention';
export { watchImapMailbox, type MailboxWatch } from './mail/watch-imap-mailbox';
export { reportMailboxOutage, type MailboxOutage } from './mail/report-mailbox-outage';
export {
  fetchCakeConversions,
  fetchCakeSubIdStats,
  cakeWindows,
  CakeApiError,
  CAKE_CONVERSIONS_PATH,
  CAKE_SUB_AFFILIATE_SUMMARY_PATH,
  CAKE_PAGE_SIZE,
  type CakeCredentials,
  type CakeConversion,
  type CakeSubIdStats,
} from './cake/cake-client';
// Alerts: sending what the outbox holds (the alert-checks job), raising one now (the rules engine), Send test,
// and what a webhook receiver checks.
export { deliverAlerts, raiseAlert, type DeliverAlertsDeps, type DeliveryTotals } from './notify/deliver-alerts';
export { DEFAULT_NOTIFY_OPTIONS, type NotifyOptions } from './notify/send-notification';
export { sendChannelTest } from './notify/test-channel';
export { signWebhookBody, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from './notify/signed-webhook';
export {
  fetchEcbRates,
  parseEcbRates,
  EcbRatesError,
  ECB_DAILY_FILE,
  ECB_HIST_90D_FILE,
  ECB_TIMEOUT_MS,
  type EcbFile,
  type EcbRates,
} from './ecb/ecb-rates-client';
