// services/testing (`@tracker/testing`): test support only. Local fakes of third-party HTTP APIs, and the
// suites that drive several services together; only tests, benchmarks and e2e may import it.
export { LOCAL_FAKES_OUTGOING } from './fakes/local-fakes-outgoing';
export { createFakeTiktokMarketing, type FakeMarketingObject, type FakeTiktokMarketing, type RecordedMarketingWrite } from './fakes/tiktok-marketing-routes';
export {
  startFakeTiktokServer,
  type FakeTiktokServer,
  type FakeTiktokOptions,
  type RecordedTiktokRequest,
  type ScriptedAnswer,
} from './fakes/tiktok-server';
export { openPipelineStores, type PipelineStores, type PipelineStoreOptions } from './pipeline/open-pipeline-stores';
export { waitForProjection } from './pipeline/wait-for-projection';
export {
  startFakeTiktokReporting,
  type FakeAdvertiser,
  type FakeSpendRow,
  type FakeTiktokReporting,
  type FakeTiktokReportingOptions,
  type RecordedReportingRequest,
} from './fakes/tiktok-reporting-server';
export {
  startFakeNamecheapServer,
  type FakeNamecheapServer,
  type FakeNamecheapOptions,
  type FakeNamecheapOrder,
  type ScriptedNamecheapAnswer,
} from './fakes/namecheap-server';
export {
  startFakeCloudflareServer,
  type FakeCloudflareServer,
  type FakeCloudflareOptions,
  type ScriptedCloudflareAnswer,
} from './fakes/cloudflare-server';
export {
  appendMails,
  createTestFolder,
  deleteTestFolder,
  describeWithImap,
  safeKeyMail,
  seenUids,
  testImapUrl,
} from './imap/test-mailbox';
export { startFakeCakeServer, type FakeCakeServer, type FakeCakeConversion, type FakeCakeStats } from './fakes/cake-server';
export { type FakeAnswer, type RecordedNotifyRequest } from './fakes/notify-fake-server';
export { startFakeSlack, type FakeSlack } from './fakes/slack-webhook-server';
export { startFakeTelegram, type FakeTelegram, type SentTelegramMessage } from './fakes/telegram-bot-server';
export { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './fakes/webhook-receiver';
export { startFakeEcbServer, FAKE_ECB_DAYS, type FakeEcbServer, type FakeEcbDay, type FakeEcbFailure } from './fakes/ecb-server';
