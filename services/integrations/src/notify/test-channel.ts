// Send test: one message through a saved channel, answering what the channel said (taken, or its error).
import { randomUUID } from 'node:crypto';
import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertKind, type ChannelTestResult } from '@tracker/schemas';
import { openChannel, sendNotification, UnreadableChannelError, type ChannelRow, type NotifyOptions } from './send-notification';

function kindsText(kinds: readonly string[]): string {
  const known = kinds.filter((k): k is AlertKind => (ALERT_KINDS as readonly string[]).includes(k));
  return known.length === 0 ? 'every alert' : known.map((k) => ALERT_KIND_LABELS[k]).join(', ');
}

export async function sendChannelTest(row: ChannelRow, deps: { secretsKey: Buffer; notify: NotifyOptions; now?: () => Date }): Promise<ChannelTestResult> {
  try {
    return await sendNotification(
      openChannel(row, deps.secretsKey),
      {
        id: `test-${randomUUID()}`,
        key: 'test',
        kind: 'test',
        state: 'test',
        title: `Test message from Affiliate Tracker`,
        text: `Alerts reach "${row.name}". It receives: ${kindsText(row.alertKinds)}.`,
        at: (deps.now ?? (() => new Date()))(),
      },
      deps.notify,
    );
  } catch (error) {
    if (error instanceof UnreadableChannelError) return { ok: false, message: error.message, httpStatus: 0, attempts: 0 };
    throw error;
  }
}
