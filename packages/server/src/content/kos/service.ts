import type { KosPlatform } from '@productimage/core';
import type { Insertable, Transaction } from 'kysely';
import { displayNamesById, tenantOfUser, usersOfTenant } from '../../identity/accounts/users.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';

/** Who acts: a user in their own tenant (team/roles.ts requireTeamPermission answers this). */
export interface Actor {
  userId: string;
  tenantId: string;
}

export { KOS_PLATFORMS, type KosPlatform } from '@productimage/core';
export const TOPIC_STATUSES = ['planned', 'writing', 'published', 'dropped'] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];

const parseWords = (json: string): string[] => {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

/**
 * Inserts a row of the actor's tenant, stamped with its creator and times, with its audit-log row in
 * the same transaction; answers the new id.
 */
async function createOwned<T extends 'kos_personas' | 'kos_accounts' | 'kos_topics'>(
  ctx: AppContext,
  actor: Actor,
  table: T,
  values: Omit<Insertable<Database[T]>, 'id' | 'tenant_id' | 'created_by' | 'created_at' | 'updated_at'>,
  action: string,
  detail: Record<string, unknown>,
): Promise<string> {
  const now = Date.now();
  return writeTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto(table as 'kos_personas' | 'kos_accounts' | 'kos_topics')
      .values({ ...values, tenant_id: actor.tenantId, created_by: actor.userId, created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, action, row.id, detail);
    return String(row.id);
  });
}

/** The audit-log row of a KOS change, in the change's own transaction. */
const audit = (
  trx: Transaction<Database>,
  actor: Actor,
  action: string,
  target: number | bigint | string,
  detail: Record<string, unknown>,
) => recordAudit(trx, { tenantId: actor.tenantId, actorId: actor.userId, action, target: String(target), detail });

// ---------------------------------------------------------------- personas

export interface PersonaInput {
  name: string;
  tone: string;
  audience: string;
  tabooWords: string[];
  intro: string;
}

export async function listPersonas(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db
    .selectFrom('kos_personas')
    .selectAll()
    .where('tenant_id', '=', actor.tenantId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const counts = await ctx.db
    .selectFrom('kos_accounts')
    .select(['persona_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', actor.tenantId)
    .where('persona_id', 'is not', null)
    .groupBy('persona_id')
    .execute();
  const used = new Map(counts.map((c) => [String(c.persona_id), Number(c.n)]));
  return rows.map((r) => ({
    personaId: String(r.id),
    name: r.name,
    tone: r.tone,
    audience: r.audience,
    tabooWords: parseWords(r.taboo_words),
    intro: r.intro,
    accountCount: used.get(String(r.id)) ?? 0,
    updatedAt: Number(r.updated_at),
  }));
}

const ownPersona = (ctx: AppContext, actor: Actor, personaId: number) =>
  ownedRow(ctx.db, 'kos_personas', personaId, { tenant_id: actor.tenantId });

const cleanWords = (words: string[]) => [...new Set(words.map((w) => w.trim()).filter(Boolean))];

export async function createPersona(ctx: AppContext, actor: Actor, input: PersonaInput) {
  return createOwned(
    ctx,
    actor,
    'kos_personas',
    {
      name: input.name,
      tone: input.tone,
      audience: input.audience,
      taboo_words: JSON.stringify(cleanWords(input.tabooWords)),
      intro: input.intro,
    },
    'kos.persona.create',
    { name: input.name },
  );
}

export async function updatePersona(ctx: AppContext, actor: Actor, personaId: number, input: PersonaInput) {
  await ownPersona(ctx, actor, personaId);
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('kos_personas')
      .set({
        name: input.name,
        tone: input.tone,
        audience: input.audience,
        taboo_words: JSON.stringify(cleanWords(input.tabooWords)),
        intro: input.intro,
        updated_at: Date.now(),
      })
      .where('id', '=', personaId)
      .where('tenant_id', '=', actor.tenantId)
      .execute();
    await audit(trx, actor, 'kos.persona.update', personaId, { name: input.name });
  });
}

export async function deletePersona(ctx: AppContext, actor: Actor, personaId: number) {
  const row = await ownPersona(ctx, actor, personaId);
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('kos_accounts')
      .set({ persona_id: null })
      .where('persona_id', '=', personaId)
      .where('tenant_id', '=', actor.tenantId)
      .execute();
    await trx.deleteFrom('kos_personas').where('id', '=', personaId).where('tenant_id', '=', actor.tenantId).execute();
    await audit(trx, actor, 'kos.persona.delete', personaId, { name: row.name });
  });
}

// ---------------------------------------------------------------- accounts

export interface AccountInput {
  platform: KosPlatform;
  handle: string;
  displayName: string;
  personaId: number | null;
  ownerUserId: string | null;
  notes: string;
}

export async function listAccounts(ctx: AppContext, actor: Actor) {
  const rows = await ctx.db
    .selectFrom('kos_accounts as a')
    .leftJoin('kos_personas as p', 'p.id', 'a.persona_id')
    .select([
      'a.id',
      'a.platform',
      'a.handle',
      'a.display_name',
      'a.persona_id',
      'a.owner_user_id',
      'a.notes',
      'a.updated_at',
      'p.name as persona_name',
    ])
    .where('a.tenant_id', '=', actor.tenantId)
    .orderBy('a.platform')
    .orderBy('a.handle')
    .execute();
  const owners = await displayNamesById(
    ctx.db,
    rows.map((r) => r.owner_user_id),
  );
  return rows.map((r) => ({
    accountId: String(r.id),
    platform: r.platform as KosPlatform,
    handle: r.handle,
    displayName: r.display_name,
    personaId: r.persona_id == null ? null : String(r.persona_id),
    personaName: r.persona_name ?? null,
    ownerUserId: r.owner_user_id,
    ownerName: r.owner_user_id ? (owners.get(r.owner_user_id) ?? '') : null,
    notes: r.notes,
    updatedAt: Number(r.updated_at),
  }));
}

/** The persona and owner an account names must be the tenant's own. */
async function checkAccountRefs(ctx: AppContext, actor: Actor, input: AccountInput) {
  if (input.personaId != null) await ownPersona(ctx, actor, input.personaId);
  if (input.ownerUserId) {
    if ((await tenantOfUser(ctx.db, input.ownerUserId)) !== actor.tenantId) throw new AppError('notFound');
  }
}

async function handleTaken(ctx: AppContext, actor: Actor, input: AccountInput, exceptId?: number) {
  let q = ctx.db
    .selectFrom('kos_accounts')
    .select('id')
    .where('tenant_id', '=', actor.tenantId)
    .where('platform', '=', input.platform)
    .where('handle', '=', input.handle);
  if (exceptId != null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw new AppError('conflict', {}, null, 'kos:account.duplicate');
}

export async function createAccount(ctx: AppContext, actor: Actor, input: AccountInput) {
  await checkAccountRefs(ctx, actor, input);
  await handleTaken(ctx, actor, input);
  return createOwned(
    ctx,
    actor,
    'kos_accounts',
    {
      platform: input.platform,
      handle: input.handle,
      display_name: input.displayName,
      persona_id: input.personaId,
      owner_user_id: input.ownerUserId,
      notes: input.notes,
    },
    'kos.account.create',
    { platform: input.platform, handle: input.handle },
  );
}

const ownAccount = (ctx: AppContext, actor: Actor, accountId: number) =>
  ownedRow(ctx.db, 'kos_accounts', accountId, { tenant_id: actor.tenantId });

export async function updateAccount(ctx: AppContext, actor: Actor, accountId: number, input: AccountInput) {
  await ownAccount(ctx, actor, accountId);
  await checkAccountRefs(ctx, actor, input);
  await handleTaken(ctx, actor, input, accountId);
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('kos_accounts')
      .set({
        platform: input.platform,
        handle: input.handle,
        display_name: input.displayName,
        persona_id: input.personaId,
        owner_user_id: input.ownerUserId,
        notes: input.notes,
        updated_at: Date.now(),
      })
      .where('id', '=', accountId)
      .where('tenant_id', '=', actor.tenantId)
      .execute();
    await audit(trx, actor, 'kos.account.update', accountId, {
      platform: input.platform,
      handle: input.handle,
      personaId: input.personaId,
      ownerUserId: input.ownerUserId,
    });
  });
}

export async function deleteAccount(ctx: AppContext, actor: Actor, accountId: number) {
  const row = await ownAccount(ctx, actor, accountId);
  await writeTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('kos_topics').where('account_id', '=', accountId).where('tenant_id', '=', actor.tenantId).execute();
    await trx.deleteFrom('kos_accounts').where('id', '=', accountId).where('tenant_id', '=', actor.tenantId).execute();
    await audit(trx, actor, 'kos.account.delete', accountId, { platform: row.platform, handle: row.handle });
  });
}

/** Users of the tenant, for the owner picker. */
export async function tenantUsers(ctx: AppContext, actor: Actor) {
  return usersOfTenant(ctx.db, actor.tenantId, 500);
}

/** Handle and platform of these accounts of the tenant (review items name the account they are for). */
export async function accountLabelsById(
  db: AppContext['db'],
  tenantId: string,
  ids: ReadonlyArray<number | null | undefined>,
): Promise<Map<number, { handle: string; platform: string }>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('kos_accounts')
    .select(['id', 'handle', 'platform'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { handle: r.handle, platform: r.platform }]));
}

// ---------------------------------------------------------------- topics

export interface TopicInput {
  accountId: number;
  title: string;
  brief: string;
  planDay: string;
  status: TopicStatus;
}

export async function listTopics(ctx: AppContext, actor: Actor, filter: { accountId?: number; month?: string }) {
  let q = ctx.db
    .selectFrom('kos_topics as t')
    .innerJoin('kos_accounts as a', 'a.id', 't.account_id')
    .select(['t.id', 't.account_id', 't.title', 't.brief', 't.plan_day', 't.status', 't.updated_at', 'a.platform', 'a.handle'])
    .where('t.tenant_id', '=', actor.tenantId);
  if (filter.accountId) q = q.where('t.account_id', '=', filter.accountId);
  if (filter.month) q = q.where('t.plan_day', 'like', `${filter.month}/%`);
  const rows = await q.orderBy('t.plan_day').orderBy('t.id').limit(1000).execute();
  return rows.map((r) => ({
    topicId: String(r.id),
    accountId: String(r.account_id),
    platform: r.platform as KosPlatform,
    handle: r.handle,
    title: r.title,
    brief: r.brief,
    planDay: r.plan_day,
    status: r.status as TopicStatus,
    updatedAt: Number(r.updated_at),
  }));
}

export async function createTopic(ctx: AppContext, actor: Actor, input: TopicInput) {
  await ownAccount(ctx, actor, input.accountId);
  return createOwned(
    ctx,
    actor,
    'kos_topics',
    {
      account_id: input.accountId,
      title: input.title,
      brief: input.brief,
      plan_day: input.planDay,
      status: input.status,
    },
    'kos.topic.create',
    { title: input.title, planDay: input.planDay },
  );
}

const ownTopic = (ctx: AppContext, actor: Actor, topicId: number) =>
  ownedRow(ctx.db, 'kos_topics', topicId, { tenant_id: actor.tenantId });

export async function updateTopic(ctx: AppContext, actor: Actor, topicId: number, input: TopicInput) {
  await ownTopic(ctx, actor, topicId);
  await ownAccount(ctx, actor, input.accountId);
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('kos_topics')
      .set({
        account_id: input.accountId,
        title: input.title,
        brief: input.brief,
        plan_day: input.planDay,
        status: input.status,
        updated_at: Date.now(),
      })
      .where('id', '=', topicId)
      .where('tenant_id', '=', actor.tenantId)
      .execute();
    await audit(trx, actor, 'kos.topic.update', topicId, { title: input.title, planDay: input.planDay, status: input.status });
  });
}

export async function deleteTopic(ctx: AppContext, actor: Actor, topicId: number) {
  const row = await ownTopic(ctx, actor, topicId);
  await writeTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('kos_topics').where('id', '=', topicId).where('tenant_id', '=', actor.tenantId).execute();
    await audit(trx, actor, 'kos.topic.delete', topicId, { title: row.title });
  });
}
