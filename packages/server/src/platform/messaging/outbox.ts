import type { Db } from '../db/index.ts';
import type { OutgoingMessage, Sender } from './types.ts';

type Channel = 'sms' | 'mail' | 'captcha';

/** Writes a message to the `outbox` table instead of delivering it (the embedded default for dev and test). */
export async function writeOutbox(db: Db, channel: Channel, message: Pick<OutgoingMessage, 'to' | 'text' | 'code'>) {
  await db
    .insertInto('outbox')
    .values({ to: message.to, channel, text: message.text, code: message.code, sent_at: Date.now() })
    .execute();
}

export function outboxSender(db: Db, channel: 'sms' | 'mail'): Sender {
  return { provider: 'outbox', send: (message) => writeOutbox(db, channel, message) };
}

/** The latest messages sent to an address, newest first (GET /api/dev/outbox). */
export async function readOutbox(db: Db, to: string, limit = 20) {
  const rows = await db
    .selectFrom('outbox')
    .select(['to', 'channel', 'text', 'code', 'sent_at'])
    .where('to', '=', to)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ to: r.to, channel: r.channel, text: r.text, code: r.code, sentAt: r.sent_at }));
}
