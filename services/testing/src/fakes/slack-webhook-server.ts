// A local stand-in for Slack incoming webhooks: POST JSON {"text"} to /services/T…/B…/<secret>. Slack
// answers 200 'ok'; 400 'invalid_payload' or 'no_text' for a body it cannot post; 404 'no_service' for a
// webhook that does not exist or was removed; 429 'rate_limited' with Retry-After when throttling.
import { startNotifyFakeServer, type FakeAnswer, type NotifyFakeServer } from './notify-fake-server';

export interface FakeSlack extends NotifyFakeServer {
  /** A webhook URL this fake posts for. */
  webhookUrl: string;
  /** The texts posted, in order. */
  readonly texts: string[];
  /** The webhook is removed (or its app uninstalled): later posts get 404 no_service. */
  removeWebhook(): void;
  /** The next `count` posts are throttled: 429 with Retry-After of `retryAfterSeconds`. */
  throttle(count: number, retryAfterSeconds: number): void;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const path = '/services/T0FAKE000/B0FAKE000/fakeSlackSecret0123456789';
  let removed = false;
  const texts: string[] = [];
  const server = await startNotifyFakeServer((request): FakeAnswer => {
    if (request.method !== 'POST' || request.path !== path || removed) return { status: 404, body: 'no_service' };
    if (request.body === null || typeof request.body !== 'object') return { status: 400, body: 'invalid_payload' };
    const text = (request.body as { text?: unknown }).text;
    if (typeof text !== 'string' || text.trim() === '') return { status: 400, body: 'no_text' };
    texts.push(text);
    return { status: 200, body: 'ok' };
  });
  return {
    ...server,
    webhookUrl: `${server.url}${path}`,
    texts,
    removeWebhook: () => void (removed = true),
    throttle(count, retryAfterSeconds) {
      for (let i = 0; i < count; i++) server.answerNext({ status: 429, body: 'rate_limited', headers: { 'retry-after': String(retryAfterSeconds) } });
    },
  };
}
