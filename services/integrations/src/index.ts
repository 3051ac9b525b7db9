// services/integrations: clients for third-party APIs (TikTok, ...). Their local fakes for tests live in
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
