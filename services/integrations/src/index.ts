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
