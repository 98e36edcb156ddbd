import { BASE_PATH, type Language } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';
import { translate } from '../../platform/http/i18n.ts';
import { sendToUser } from './service.ts';

/** A parameter of a receipt's text: a value, or one per language (a tool's name). */
type Param = string | number | ((language: Language) => string);

/** What a receipt says, one language at a time (i18n keys and their parameters). */
export interface Receipt {
  title: [key: string, params: Record<string, Param>];
  /** One or more paragraphs. */
  body: Array<[key: string, params: Record<string, Param>]>;
  /** A page of the app the receipt links to (a route path such as `/batch?batchId=...`). */
  link?: { path: string; label: string };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sends a receipt to the user's inbox (issue 41: a paid order, a finished batch), written in both
 * languages: it is made where no request says which the user reads (a payment notification, a
 * worker), so Chinese first and English after, as the team invitations do. `db` may be the cause's
 * transaction, so the receipt exists exactly when its cause does.
 */
export async function sendReceipt(db: Db, userId: string, publicUrl: string | undefined, receipt: Receipt) {
  const langs: Language[] = ['zh', 'en'];
  const text = (l: Language, [key, params]: [string, Record<string, Param>]) =>
    translate(l, key, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'function' ? v(l) : v])));
  const [zhTitle, enTitle] = langs.map((l) => text(l, receipt.title));
  const bodies = langs.map((l) => receipt.body.map((part) => text(l, part)).join(''));
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  const link = receipt.link
    ? `<p><a href="${escapeHtml(`${base}${BASE_PATH}${receipt.link.path}`)}">${escapeHtml(
        langs.map((l) => translate(l, receipt.link!.label)).join(' / '),
      )}</a></p>`
    : '';
  await sendToUser(db, userId, {
    title: `${zhTitle} / ${enTitle}`.slice(0, 100),
    brief: bodies.join(' / '),
    content: `${bodies.map((b) => `<p>${escapeHtml(b)}</p>`).join('')}${link}`,
    contentType: 'html',
  });
}
