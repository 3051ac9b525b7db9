// services/integrations: clients for third-party APIs (TikTok, ...) and their local fakes for tests.
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
  startFakeTiktokServer,
  type FakeTiktokServer,
  type FakeTiktokOptions,
  type RecordedTiktokRequest,
  type ScriptedAnswer,
} from './tiktok/fake-tiktok-server';
