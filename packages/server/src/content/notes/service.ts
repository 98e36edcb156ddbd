import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { containing, parseJson } from '../../platform/http/record-fields.ts';
import type { NoteTables } from './tables.ts';

/**
 * Note bases: "mine" (the user's notes) and the tenant's public note base (notes their authors made
 * public). Only the author changes or deletes a note; favourites are per user.
 */
export interface Owner {
  id: string;
  tenantId: string;
}

export interface NoteInput {
  title: string;
  content: string;
  images: string[];
  tags: string[];
  sourceUrl: string;
  platform: string;
  metrics: { likes: number; collects: number; comments: number; shares: number };
  isPublic: boolean;
}

export type NoteScope = 'mine' | 'public' | 'favorites';

type NoteRow = Selectable<NoteTables['notes']>;

function toNote(r: NoteRow, viewer: Owner, favorite: boolean) {
  return {
    noteId: String(r.id),
    title: r.title,
    content: r.content,
    images: parseJson<string[]>(r.images, []),
    tags: parseJson<string[]>(r.tags, []),
    sourceUrl: r.source_url,
    platform: r.platform,
    metrics: parseJson(r.metrics, { likes: 0, collects: 0, comments: 0, shares: 0 }),
    isPublic: r.is_public === 1,
    mine: r.user_id === viewer.id,
    isFavorite: favorite,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export async function createNote(ctx: AppContext, user: Owner, input: NoteInput) {
  const now = Date.now();
  const row = await ctx.db
    .insertInto('notes')
    .values({ user_id: user.id, tenant_id: user.tenantId, ...columnsOf(input), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

function columnsOf(input: NoteInput) {
  return {
    is_public: input.isPublic ? 1 : 0,
    title: input.title,
    content: input.content,
    images: JSON.stringify(input.images),
    tags: JSON.stringify(input.tags),
    source_url: input.sourceUrl,
    platform: input.platform,
    metrics: JSON.stringify(input.metrics),
  };
}

/** Readable by the author, and by users of the same tenant when public. */
function readable(user: Owner) {
  return (eb: any): Expression<SqlBool> =>
    eb.and([eb('n.tenant_id', '=', user.tenantId), eb.or([eb('n.user_id', '=', user.id), eb('n.is_public', '=', 1)])]);
}

export async function listNotes(
  ctx: AppContext,
  user: Owner,
  scope: NoteScope,
  searchText: string,
  page: Paging,
  noteId?: number,
) {
  let base = ctx.db.selectFrom('notes as n').where('n.tenant_id', '=', user.tenantId);
  // One note by id as a list (the detail page: an unknown id is an empty list, not an error).
  if (noteId != null) base = base.where('n.id', '=', noteId).where(readable(user));
  else if (scope === 'mine') base = base.where('n.user_id', '=', user.id);
  else if (scope === 'public') base = base.where('n.is_public', '=', 1);
  else
    base = base
      .where(readable(user))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('note_favorites as f')
            .select('f.note_id')
            .whereRef('f.note_id', '=', 'n.id')
            .where('f.user_id', '=', user.id),
        ),
      );
  const text = searchText.trim();
  if (text) {
    const pattern = containing(text);
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(n.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(n.content)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const { rows, total } = await listPage(base, page, (q) =>
    q.selectAll('n').orderBy('n.created_at', 'desc').orderBy('n.id', 'desc'),
  );
  const favorites = await favoriteSet(
    ctx,
    user,
    rows.map((r) => Number(r.id)),
  );
  return { list: rows.map((r) => toNote(r, user, favorites.has(Number(r.id)))), total };
}

export async function getNote(ctx: AppContext, user: Owner, noteId: number) {
  const row = await ctx.db
    .selectFrom('notes as n')
    .selectAll('n')
    .where('n.id', '=', noteId)
    .where(readable(user))
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  const favorites = await favoriteSet(ctx, user, [noteId]);
  return toNote(row, user, favorites.has(noteId));
}

/** The user's own note (only the author changes or deletes it), or 404. */
const ownNote = (ctx: AppContext, user: Owner, noteId: number) =>
  ownedRow(ctx.db, 'notes', noteId, { user_id: user.id, tenant_id: user.tenantId }, ['id']);

export async function updateNote(ctx: AppContext, user: Owner, noteId: number, input: NoteInput) {
  await ownNote(ctx, user, noteId);
  await ctx.db
    .updateTable('notes')
    .set({ ...columnsOf(input), updated_at: Date.now() })
    .where('id', '=', noteId)
    .execute();
}

export async function deleteNote(ctx: AppContext, user: Owner, noteId: number) {
  await ownNote(ctx, user, noteId);
  await ctx.db.deleteFrom('notes').where('id', '=', noteId).execute();
}

export async function setFavorite(ctx: AppContext, user: Owner, noteId: number, isFavorite: boolean) {
  await getNote(ctx, user, noteId);
  if (isFavorite) {
    await ctx.db
      .insertInto('note_favorites')
      .values({ user_id: user.id, note_id: noteId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['user_id', 'note_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom('note_favorites').where('user_id', '=', user.id).where('note_id', '=', noteId).execute();
  }
}

async function favoriteSet(ctx: AppContext, user: Owner, noteIds: number[]): Promise<Set<number>> {
  if (!noteIds.length) return new Set();
  const rows = await ctx.db
    .selectFrom('note_favorites')
    .select('note_id')
    .where('user_id', '=', user.id)
    .where('note_id', 'in', noteIds)
    .execute();
  return new Set(rows.map((r) => Number(r.note_id)));
}

/** Favourite map (spec 001 §3): noteId -> isFavorite, for the ids asked about. */
export async function favoriteMap(ctx: AppContext, user: Owner, noteIds: number[]) {
  const set = await favoriteSet(ctx, user, noteIds);
  return Object.fromEntries(noteIds.map((id) => [String(id), set.has(id)]));
}

/** Notes the user may link or import (own or public in the tenant), for other domains. */
export async function readableNotes(ctx: AppContext, user: Owner, noteIds: number[]) {
  if (!noteIds.length) return [];
  const rows = await ctx.db.selectFrom('notes as n').selectAll('n').where('n.id', 'in', noteIds).where(readable(user)).execute();
  return rows.map((r) => toNote(r, user, false));
}
