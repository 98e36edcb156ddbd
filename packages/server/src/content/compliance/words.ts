import { recordAudit } from '../../platform/audit-log/record.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import type { ExtraWord } from './engine.ts';
import type { HitLevel } from './rules.ts';

/**
 * A tenant's own banned words (operators keep them in the console): added one by one or from a
 * CSV, disabled rather than deleted so the list keeps what was once decided. Each change is in the
 * tenant's audit log. Checks read the enabled words through a short per-process cache.
 */

export interface TenantWord {
  id: number;
  word: string;
  level: HitLevel;
  suggestion: string;
  enabled: boolean;
  createdAt: number;
}

export const MAX_TENANT_WORDS = 2000;
const CACHE_MS = 10_000;
const cache = new WeakMap<Db, Map<string, { words: ExtraWord[]; until: number }>>();

const level = (value: string): HitLevel => (value === 'warn' ? 'warn' : 'block');

export async function listTenantWords(db: Db, tenantId: string): Promise<TenantWord[]> {
  const rows = await db
    .selectFrom('compliance_words')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    word: r.word,
    level: level(r.level),
    suggestion: r.suggestion,
    enabled: !!r.enabled,
    createdAt: Number(r.created_at),
  }));
}

/** The enabled words of a tenant as the engine takes them (cached CACHE_MS, dropped on change here). */
export async function tenantExtraWords(db: Db, tenantId: string): Promise<ExtraWord[]> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const hit = perDb.get(tenantId);
  if (hit && hit.until > Date.now()) return hit.words;
  const rows = await db
    .selectFrom('compliance_words')
    .select(['word', 'level', 'suggestion'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', 1)
    .execute();
  const words: ExtraWord[] = rows.map((r) => ({
    word: r.word,
    rule: 'tenantWord',
    level: level(r.level),
    ...(r.suggestion ? { suggestion: r.suggestion } : {}),
  }));
  perDb.set(tenantId, { words, until: Date.now() + CACHE_MS });
  return words;
}

export interface NewWord {
  word: string;
  level: HitLevel;
  suggestion?: string;
}

/**
 * Adds words (a word already listed gets the new level and suggestion and is enabled again);
 * answers how many were written.
 */
export async function addTenantWords(db: Db, tenantId: string, actorId: string, words: NewWord[]): Promise<number> {
  const clean = new Map<string, NewWord>();
  for (const w of words) {
    const word = w.word.trim();
    if (word) clean.set(word, { word, level: w.level, suggestion: (w.suggestion ?? '').trim() });
  }
  if (!clean.size) return 0;
  const now = Date.now();
  await writeTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('compliance_words').select('word').where('tenant_id', '=', tenantId).execute();
    const known = new Set(existing.map((r) => r.word));
    const fresh = [...clean.values()].filter((w) => !known.has(w.word));
    if (existing.length + fresh.length > MAX_TENANT_WORDS)
      throw new AppError('complianceTooManyWords', { max: MAX_TENANT_WORDS });
    for (const w of clean.values()) {
      if (known.has(w.word))
        await trx
          .updateTable('compliance_words')
          .set({ level: w.level, suggestion: w.suggestion ?? '', enabled: 1 })
          .where('tenant_id', '=', tenantId)
          .where('word', '=', w.word)
          .execute();
      else
        await trx
          .insertInto('compliance_words')
          .values({
            tenant_id: tenantId,
            word: w.word,
            level: w.level,
            suggestion: w.suggestion ?? '',
            enabled: 1,
            created_by: actorId,
            created_at: now,
          })
          .execute();
    }
    await recordAudit(trx, {
      tenantId,
      actorId,
      action: 'compliance.words.add',
      detail: { words: [...clean.keys()].slice(0, 50), count: clean.size },
    });
  });
  cache.get(db)?.delete(tenantId);
  return clean.size;
}

/** Turns a word of the tenant on or off. */
export async function setTenantWordEnabled(
  db: Db,
  tenantId: string,
  actorId: string,
  id: number,
  enabled: boolean,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const row = await ownedRow(trx, 'compliance_words', id, { tenant_id: tenantId }, ['word']);
    await trx
      .updateTable('compliance_words')
      .set({ enabled: enabled ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      tenantId,
      actorId,
      action: enabled ? 'compliance.words.enable' : 'compliance.words.disable',
      target: String(id),
      detail: { word: row.word },
    });
  });
  cache.get(db)?.delete(tenantId);
}

/**
 * Reads "word,level,suggestion" lines (level and suggestion optional; a header line naming
 * "word"/"词语" is skipped; quotes as in RFC 4180). Lines without a word are skipped.
 */
export function parseWordsCsv(text: string): NewWord[] {
  const out: NewWord[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < raw.length; i++) {
      const ch = raw[i] as string;
      if (quoted) {
        if (ch === '"' && raw[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',' || ch === '，') {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    const [word = '', lvl = '', suggestion = ''] = cells.map((c) => c.trim());
    if (!word || /^(word|词语|词)$/i.test(word)) continue;
    out.push({
      word: word.slice(0, 40),
      level: /^(warn|提醒)$/i.test(lvl) ? 'warn' : 'block',
      suggestion: suggestion.slice(0, 40),
    });
  }
  return out;
}
