import type { AppContext } from '../../platform/context.ts';

/**
 * The persona a content generator writes in, as a paragraph for its system prompt: name, tone,
 * audience, words never to use. Null when the persona does not exist in the tenant (callers then
 * write without one). The marketing generators call this with the persona the user picked.
 */
export async function personaPromptFor(ctx: AppContext, tenantId: string, personaId: number | string): Promise<string | null> {
  const id = Number(personaId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await ctx.db
    .selectFrom('kos_personas')
    .select(['name', 'tone', 'audience', 'taboo_words', 'intro'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return null;
  let taboo: string[] = [];
  try {
    taboo = (JSON.parse(row.taboo_words) as unknown[]).map(String);
  } catch {
    taboo = [];
  }
  const lines = [`Write as the persona "${row.name}".`];
  if (row.intro) lines.push(`Who the persona is: ${row.intro}`);
  if (row.tone) lines.push(`Tone of voice: ${row.tone}`);
  if (row.audience) lines.push(`Audience: ${row.audience}`);
  if (taboo.length)
    lines.push(`Never use these words or phrases, not even in part of a word: ${taboo.map((w) => `"${w}"`).join(', ')}.`);
  return lines.join('\n');
}

/** The taboo words of a persona of the tenant (none for an unknown persona or another tenant's). */
export async function personaTabooWords(ctx: AppContext, tenantId: string, personaId: number | string): Promise<string[]> {
  const id = Number(personaId);
  if (!Number.isSafeInteger(id) || id <= 0) return [];
  const row = await ctx.db
    .selectFrom('kos_personas')
    .select('taboo_words')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  try {
    return row ? (JSON.parse(row.taboo_words) as unknown[]).map(String).filter(Boolean) : [];
  } catch {
    return [];
  }
}
