// The registrar's and Cloudflare's refusals and outages are neither our bug (500) nor the buyer's bad
// input (400): they come back as 502 with the upstream's own words, which the toasts show.
import { HttpError } from '@tracker/core';
import { CloudflareError, RegistrarError } from '@tracker/integrations';

export async function upstream<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RegistrarError || error instanceof CloudflareError) throw new HttpError(502, error.message);
    throw error;
  }
}
