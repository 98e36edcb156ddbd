import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listPage, pageWindow } from '../../platform/http/paging.ts';
import { findUserById } from '../accounts/users.ts';
import { htmlToText, isSafeImage, sanitizeHtml } from './sanitize.ts';
import type { MessageContentType } from './tables.ts';

/** An inbox message as clients see it (spec 000 §3). */
export interface InboxMessage {
  msgId: string;
  msgTitle: string;
  msgBrief: string;
  msgContent: string;
  msgContentType: MessageContentType;
  /** Epoch ms. */
  msgSendTime: number;
  msgImg: string | null;
  readed: boolean;
}

export interface InboxReader {
  userId: string;
  tenantId: string;
}

export interface NewMessage {
  title: string;
  content: string;
  contentType: MessageContentType;
  brief?: string;
  img?: string | null;
  createdBy?: string | null;
}

const BRIEF_MAX = 120;

/** http(s) links only: a message can never carry a javascript: or data: link. */
export function isSafeLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Checks and normalises a message before it is stored: HTML sanitised, links checked, a brief derived. */
function prepare(message: NewMessage) {
  let content = message.content.trim();
  if (message.contentType === 'html') content = sanitizeHtml(content);
  if (message.contentType === 'link' && !isSafeLink(content)) throw new AppError('badRequest');
  const img = message.img?.trim() || null;
  // Own files by a normalised, valid key only (sanitize.ts `isSafeImage`).
  if (img && !isSafeImage(img)) throw new AppError('badRequest');
  const derived = message.contentType === 'html' ? htmlToText(content) : content;
  const brief = (message.brief?.trim() || derived).slice(0, BRIEF_MAX);
  return {
    title: message.title.trim(),
    brief,
    content,
    content_type: message.contentType,
    img,
    created_by: message.createdBy ?? null,
  };
}

/** Sends one message to one user (in that user's tenant). Answers the message id. */
export async function sendToUser(db: Db, userId: string, message: NewMessage): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('notFound');
  const row = await db
    .insertInto('inbox_messages')
    .values({ ...prepare(message), tenant_id: user.tenant_id, user_id: userId, sent_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Sends a message to every user of a tenant, present and future. Answers the message id. */
export async function broadcast(db: Db, tenantId: string, message: NewMessage): Promise<string> {
  const row = await db
    .insertInto('inbox_messages')
    .values({ ...prepare(message), tenant_id: tenantId, user_id: null, sent_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** The messages a reader may see: their own, and their tenant's broadcasts, minus what they deleted. */
function visible(db: Db, reader: InboxReader) {
  return db
    .selectFrom('inbox_messages as m')
    .leftJoin('inbox_states as s', (join) => join.onRef('s.message_id', '=', 'm.id').on('s.user_id', '=', reader.userId))
    .where((eb) =>
      eb.or([
        eb('m.user_id', '=', reader.userId),
        eb.and([eb('m.user_id', 'is', null), eb('m.tenant_id', '=', reader.tenantId)]),
      ]),
    )
    .where('s.deleted_at', 'is', null);
}

export async function listInbox(
  db: Db,
  reader: InboxReader,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: InboxMessage[]; total: number; unReadMsgCnt: number }> {
  const rows = await visible(db, reader)
    .select(['m.id', 'm.title', 'm.brief', 'm.content', 'm.content_type', 'm.sent_at', 'm.img', 's.read_at'])
    .orderBy('m.sent_at', 'desc')
    .orderBy('m.id', 'desc')
    .$call((qb) => pageWindow(qb, page))
    .execute();
  const counts = await visible(db, reader)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('s.read_at', 'is', null).then(1).else(0).end()).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      msgId: String(r.id),
      msgTitle: r.title,
      msgBrief: r.brief,
      // Sanitised again on the way out: rows written before a rule tightened are still safe to render.
      msgContent: r.content_type === 'html' ? sanitizeHtml(r.content) : r.content,
      msgContentType: r.content_type,
      msgSendTime: Number(r.sent_at),
      msgImg: r.img,
      readed: r.read_at !== null,
    })),
    total: Number(counts.total),
    unReadMsgCnt: Number(counts.unread ?? 0),
  };
}

/** Marks one visible message read; `notFound` for anything the reader cannot see. */
export async function markRead(db: Db, reader: InboxReader, msgId: number): Promise<void> {
  const found = await visible(db, reader).select('m.id').where('m.id', '=', msgId).executeTakeFirst();
  if (!found) throw new AppError('notFound');
  const now = Date.now();
  await db
    .insertInto('inbox_states')
    .values({ message_id: msgId, user_id: reader.userId, read_at: now, deleted_at: null })
    .onConflict((oc) =>
      oc
        .columns(['message_id', 'user_id'])
        .doUpdateSet((eb) => ({ read_at: eb.fn.coalesce('inbox_states.read_at', eb.val(now)) })),
    )
    .execute();
}

/** Marks every visible message read. */
export async function markAllRead(db: Db, reader: InboxReader): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('inbox_states')
    .columns(['message_id', 'user_id', 'read_at', 'deleted_at'])
    .expression(
      visible(db, reader)
        .where('s.read_at', 'is', null)
        // Casts so PostgreSQL knows the parameters' types inside INSERT ... SELECT.
        .select((eb) => [
          'm.id',
          eb.cast<string>(eb.val(reader.userId), 'text').as('user_id'),
          eb.cast<number>(eb.val(now), 'bigint').as('read_at'),
          eb.cast<number | null>(eb.val(null), 'bigint').as('deleted_at'),
        ]),
    )
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doUpdateSet({ read_at: now }))
    .execute();
}

/** Deletes every visible message for this reader: their own rows go, broadcasts are hidden for them only. */
export async function deleteAll(db: Db, reader: InboxReader): Promise<void> {
  const now = Date.now();
  await db.deleteFrom('inbox_messages').where('user_id', '=', reader.userId).execute();
  await db
    .insertInto('inbox_states')
    .columns(['message_id', 'user_id', 'read_at', 'deleted_at'])
    .expression(
      visible(db, reader).select((eb) => [
        'm.id',
        eb.cast<string>(eb.val(reader.userId), 'text').as('user_id'),
        's.read_at',
        eb.cast<number>(eb.val(now), 'bigint').as('deleted_at'),
      ]),
    )
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doUpdateSet({ deleted_at: now }))
    .execute();
}

/** What a tenant's operators sent (broadcasts and personal messages), newest first. */
export async function listSent(db: Db, tenantId: string, page: { pageNum: number; pageSize: number }) {
  const base = db.selectFrom('inbox_messages').where('tenant_id', '=', tenantId).where('created_by', 'is not', null);
  const { rows, total } = await listPage(base, page, (qb) =>
    qb
      .select(['id', 'user_id', 'title', 'brief', 'content_type', 'sent_at', 'created_by'])
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return {
    list: rows.map((r) => ({
      msgId: String(r.id),
      userId: r.user_id,
      broadcast: r.user_id === null,
      msgTitle: r.title,
      msgBrief: r.brief,
      msgContentType: r.content_type,
      msgSendTime: Number(r.sent_at),
      sentBy: r.created_by,
    })),
    total,
  };
}
