// A webhook receiver as docs/alerts.md tells one to be written: it checks each POST's X-Tracker-Signature
// against HMAC-SHA256 of the raw body under the shared secret, answers 401 when it does not match, and
// keeps what it received (with the verdict) for the test to read.
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from '@tracker/integrations';
import { startNotifyFakeServer, type NotifyFakeServer, type RecordedNotifyRequest } from './notify-fake-server';

export interface ReceivedWebhook {
  request: RecordedNotifyRequest;
  signatureValid: boolean;
  payload: WebhookPayload | null;
}

export interface WebhookReceiver extends NotifyFakeServer {
  /** The URL to save as the channel's. */
  hookUrl: string;
  secret: string;
  readonly received: ReceivedWebhook[];
}

export async function startWebhookReceiver(options: { secret?: string } = {}): Promise<WebhookReceiver> {
  const secret = options.secret ?? 'receiver-shared-secret-0123456789';
  const received: ReceivedWebhook[] = [];
  const server = await startNotifyFakeServer((request) => {
    if (request.method !== 'POST' || request.path !== '/hooks/tracker') return { status: 404, body: { message: 'Not found' } };
    const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
    const signatureValid = verifyWebhookSignature(secret, request.rawBody, typeof header === 'string' ? header : undefined);
    received.push({ request, signatureValid, payload: signatureValid ? (request.body as WebhookPayload) : null });
    return signatureValid ? { status: 204 } : { status: 401, body: { message: 'bad signature' } };
  });
  return { ...server, hookUrl: `${server.url}/hooks/tracker`, secret, received };
}
