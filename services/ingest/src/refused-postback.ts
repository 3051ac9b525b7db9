// A postback refused because its click id cannot be one of ours: kept in the conversion log (outcome
// 'refused') so the network's wrong integration shows there, and nowhere else: it never enters the event
// log, so it is never parked, counted or sent to a pixel.
import { newEventId, schema, type Db } from '@tracker/core';
import type { PostbackStatus } from '@tracker/schemas';

export interface RefusedPostback {
  transactionId: string;
  clickId: string;
  payout: string;
  status: PostbackStatus;
  receivedAt: Date;
}

export async function recordRefusedPostback(db: Db, postback: RefusedPostback): Promise<void> {
  await db.insert(schema.conversionRevisions).values({
    eventId: newEventId(),
    transactionId: postback.transactionId,
    rows: [],
    clickId: postback.clickId,
    status: postback.status,
    payout: postback.payout,
    receivedAt: postback.receivedAt,
    outcome: 'refused',
    attributed: null,
    campaignId: null,
    source: 'postback',
  });
}
