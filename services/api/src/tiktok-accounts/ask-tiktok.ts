// Advertiser info from TikTok for the account form and 'Test connection': TikTok's refusals become a
// 400 with its message, an unreachable TikTok a 502, so a typo'd token never reads as our failure.
import { HttpError } from '@tracker/core';
import { getAdvertiserInfo, TiktokApiError, type AdvertiserInfo } from '@tracker/integrations';

export async function askAdvertiserInfo(apiUrl: string, advertiserId: string, accessToken: string): Promise<AdvertiserInfo> {
  try {
    // Two tries: an admin waits on this answer, a long backoff would only keep them waiting.
    return await getAdvertiserInfo({ apiUrl, accessToken, advertiserId, attempts: 2, backoffMs: 500, timeoutMs: 15_000 });
  } catch (error) {
    if (error instanceof TiktokApiError) throw new HttpError(error.code === null ? 502 : 400, error.message);
    throw error;
  }
}
