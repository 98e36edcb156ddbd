import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import net from 'node:net';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { isBlockedAddress } from '../../platform/http/safe-fetch.ts';

/** Events a webhook may ask for (API.md "Open API"). */
export const WEBHOOK_EVENTS = ['task.completed', 'task.failed', 'task.stopped', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Endpoints one member may register. */
export const MAX_WEBHOOKS = 10;

export interface WebhookView {
  webhookId: string;
  url: string;
  events: WebhookEvent[];
  createdAt: number;
}

const newSecret = () => `whsec_${crypto.randomBytes(24).toString('base64url')}`;

/**
 * Only public https endpoints: the host must not be, or resolve to, a private, loopback or reserved
 * address (the safe fetcher's list; it checks again when connecting, so a later DNS change cannot
 * slip through). WEBHOOKS_ALLOW_PRIVATE (development and tests) also lets http and local hosts in.
 */
export async function checkWebhookUrl(ctx: AppContext, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('webhookUrlInvalid');
  }
  const allowPrivate = ctx.config.WEBHOOKS_ALLOW_PRIVATE;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new AppError('webhookUrlInvalid');
  if (url.username || url.password) throw new AppError('webhookUrlInvalid');
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new AppError('webhookUrlInvalid');
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) throw new AppError('webhookUrlInvalid');
  return url.toString();
}

export async function createWebhook(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  input: { url: string; events: WebhookEvent[] },
): Promise<{ webhookId: string; secret: string }> {
  const url = await checkWebhookUrl(ctx, input.url);
  const held = await ctx.db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(held.n) >= MAX_WEBHOOKS) throw new AppError('webhookLimit', { max: MAX_WEBHOOKS });
  const webhookId = crypto.randomUUID();
  const secret = newSecret();
  await ctx.db
    .insertInto('webhooks')
    .values({
      id: webhookId,
      user_id: user.id,
      tenant_id: user.tenantId,
      url,
      events: JSON.stringify([...new Set(input.events)]),
      secret,
      created_at: Date.now(),
      deleted_at: null,
    })
    .execute();
  return { webhookId, secret };
}

export async function listWebhooks(ctx: AppContext, userId: string): Promise<WebhookView[]> {
  const rows = await ctx.db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'created_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({ webhookId: r.id, url: r.url, events: JSON.parse(r.events), createdAt: r.created_at }));
}

/** The member's live webhook, or 404 (another member's id is indistinguishable from none). */
export async function ownWebhook(ctx: AppContext, userId: string, webhookId: string) {
  return ownedRow(ctx.db, 'webhooks', webhookId, { user_id: userId, deleted_at: null });
}

export async function deleteWebhook(ctx: AppContext, userId: string, webhookId: string): Promise<void> {
  await ownWebhook(ctx, userId, webhookId);
  await ctx.db.updateTable('webhooks').set({ deleted_at: Date.now() }).where('id', '=', webhookId).execute();
}

/** A new signing secret; deliveries from now on are signed with it (pending retries included). */
export async function rotateWebhookSecret(ctx: AppContext, userId: string, webhookId: string): Promise<{ secret: string }> {
  await ownWebhook(ctx, userId, webhookId);
  const secret = newSecret();
  await ctx.db.updateTable('webhooks').set({ secret }).where('id', '=', webhookId).execute();
  return { secret };
}
