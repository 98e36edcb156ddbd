import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { containing } from '../../platform/http/record-fields.ts';
import { readableNotes } from '../notes/service.ts';
import type { HotLibraryTables } from './tables.ts';

export interface Owner {
  id: string;
  tenantId: string;
}

export interface HotItemInput {
  title: string;
  content: string;
  url: string;
  platform: string;
  hot: string;
  source: 'hotspot' | 'manual';
}

type Row = Selectable<HotLibraryTables['hot_items']>;

const toItem = (r: Row) => ({
  itemId: String(r.id),
  title: r.title,
  content: r.content,
  url: r.url,
  platform: r.platform,
  hot: r.hot,
  source: r.source as 'hotspot' | 'note' | 'manual',
  noteId: r.note_id == null ? null : String(r.note_id),
  createdAt: Number(r.created_at),
});

const mine =
  (user: Owner) =>
  (eb: any): Expression<SqlBool> =>
    eb.and([eb('user_id', '=', user.id), eb('tenant_id', '=', user.tenantId)]);

export async function listHotItems(ctx: AppContext, user: Owner, searchText: string, page: Paging, itemId?: number) {
  let base = ctx.db.selectFrom('hot_items').where(mine(user));
  if (itemId != null) base = base.where('id', '=', itemId);
  if (searchText.trim()) {
    const pattern = containing(searchText.trim());
    base = base.where(sql<boolean>`lower(title || ' ' || content) like ${pattern} escape '\\'`);
  }
  const { rows, total } = await listPage(base, page, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
  return { list: rows.map((r) => toItem(r)), total };
}

export async function getHotItem(ctx: AppContext, user: Owner, itemId: number) {
  return toItem(await ownedRow(ctx.db, 'hot_items', itemId, { user_id: user.id, tenant_id: user.tenantId }));
}

export async function saveHotItem(ctx: AppContext, user: Owner, input: HotItemInput) {
  const row = await ctx.db
    .insertInto('hot_items')
    .values({ user_id: user.id, tenant_id: user.tenantId, ...input, note_id: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Copies notes the user can read (own or public) into the hot library. */
export async function importNotes(ctx: AppContext, user: Owner, noteIds: number[]) {
  const notes = await readableNotes(ctx, user, noteIds);
  if (notes.length !== new Set(noteIds).size) throw new AppError('notFound');
  const ids: string[] = [];
  for (const note of notes) {
    const row = await ctx.db
      .insertInto('hot_items')
      .values({
        user_id: user.id,
        tenant_id: user.tenantId,
        title: note.title,
        content: note.content,
        url: note.sourceUrl,
        platform: note.platform,
        hot: String(note.metrics.likes ?? ''),
        source: 'note',
        note_id: Number(note.noteId),
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(String(row.id));
  }
  return ids;
}

export async function updateHotItem(ctx: AppContext, user: Owner, itemId: number, input: Omit<HotItemInput, 'source'>) {
  await getHotItem(ctx, user, itemId);
  await ctx.db.updateTable('hot_items').set(input).where('id', '=', itemId).execute();
}

export async function deleteHotItem(ctx: AppContext, user: Owner, itemId: number) {
  await getHotItem(ctx, user, itemId);
  await ctx.db.deleteFrom('hot_items').where('id', '=', itemId).execute();
}
