// Advertiser info from TikTok for the account form and 'Test connection': TikTok's refusals become a
// 400 with its message, an unreachable TikTok a 502, so a typo'd token never reads as our failure.
import { HttpError, type OutgoingPolicy } from '@tracker/core';
import { getAdvertiserInfo, TiktokApiError, type AdvertiserInfo } from '@tracker/integrations';

export async function askAdvertiserInfo(
  tiktok: { tiktokApiUrl: string; outgoing?: OutgoingPolicy },
  advertiserId: string,
  accessToken: string,
): Promise<AdvertiserInfo> {
  const { tiktokApiUrl: apiUrl, outgoing } = tiktok;
  try {
    // Two tries: an admin waits on this answer, a long backoff would only keep them waiting.
    return await getAdvertiserInfo({ apiUrl, accessToken, advertiserId, attempts: 2, backoffMs: 500, timeoutMs: 15_000, outgoing });
  } catch (error) {
    if (error instanceof TiktokApiError) throw new HttpError(error.code === null ? 502 : 400, error.message);
    throw error;
  }
}
