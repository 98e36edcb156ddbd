import type { Selectable } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { ownedRow } from '../../../platform/http/owned-row.ts';
import type { ThemeTables } from './tables.ts';

export interface Owner {
  id: string;
  tenantId: string;
}

export interface ThemeInput {
  name: string;
  description: string;
}

export async function listThemes(ctx: AppContext, user: Owner) {
  const themes = await ctx.db
    .selectFrom('themes as t')
    .select((eb) => [
      't.id',
      't.name',
      't.description',
      't.created_at',
      't.updated_at',
      eb
        .selectFrom('production_tasks as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.theme_id', '=', 't.id')
        .as('tasks'),
    ])
    .where('t.user_id', '=', user.id)
    .where('t.tenant_id', '=', user.tenantId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  const topics = themes.length
    ? await ctx.db
        .selectFrom('theme_topics')
        .selectAll()
        .where(
          'theme_id',
          'in',
          themes.map((t) => Number(t.id)),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  return themes.map((t) => ({
    themeId: String(t.id),
    name: t.name,
    description: t.description,
    tasks: Number(t.tasks ?? 0),
    topics: topics.filter((p) => Number(p.theme_id) === Number(t.id)).map(toTopic),
    createdAt: Number(t.created_at),
    updatedAt: Number(t.updated_at),
  }));
}

const toTopic = (p: Selectable<ThemeTables['theme_topics']>) => ({
  topicId: String(p.id),
  themeId: String(p.theme_id),
  name: p.name,
  description: p.description,
  createdAt: Number(p.created_at),
  updatedAt: Number(p.updated_at),
});

export async function getTheme(ctx: AppContext, user: Owner, themeId: number) {
  const row = await ownedRow(ctx.db, 'themes', themeId, { user_id: user.id, tenant_id: user.tenantId });
  return {
    themeId: String(row.id),
    name: row.name,
    description: row.description,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function createTheme(ctx: AppContext, user: Owner, input: ThemeInput) {
  const now = Date.now();
  const row = await ctx.db
    .insertInto('themes')
    .values({ user_id: user.id, tenant_id: user.tenantId, ...input, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateTheme(ctx: AppContext, user: Owner, themeId: number, input: ThemeInput) {
  await getTheme(ctx, user, themeId);
  await ctx.db
    .updateTable('themes')
    .set({ ...input, updated_at: Date.now() })
    .where('id', '=', themeId)
    .execute();
}

/** Deleting a theme deletes its topics; tasks stay, without theme. */
export async function deleteTheme(ctx: AppContext, user: Owner, themeId: number) {
  await getTheme(ctx, user, themeId);
  await ctx.db.deleteFrom('themes').where('id', '=', themeId).execute();
}

export async function getTopic(ctx: AppContext, user: Owner, topicId: number) {
  return toTopic(await ownedRow(ctx.db, 'theme_topics', topicId, { user_id: user.id, tenant_id: user.tenantId }));
}

export async function createTopic(ctx: AppContext, user: Owner, input: ThemeInput & { themeId: number }) {
  await getTheme(ctx, user, input.themeId);
  const now = Date.now();
  const row = await ctx.db
    .insertInto('theme_topics')
    .values({
      theme_id: input.themeId,
      user_id: user.id,
      tenant_id: user.tenantId,
      name: input.name,
      description: input.description,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateTopic(ctx: AppContext, user: Owner, topicId: number, input: ThemeInput & { themeId: number }) {
  await getTopic(ctx, user, topicId);
  await getTheme(ctx, user, input.themeId);
  await ctx.db
    .updateTable('theme_topics')
    .set({ theme_id: input.themeId, name: input.name, description: input.description, updated_at: Date.now() })
    .where('id', '=', topicId)
    .execute();
}

export async function deleteTopic(ctx: AppContext, user: Owner, topicId: number) {
  await getTopic(ctx, user, topicId);
  await ctx.db.deleteFrom('theme_topics').where('id', '=', topicId).execute();
}
