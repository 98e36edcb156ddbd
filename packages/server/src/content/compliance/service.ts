import type { Language } from '@productimage/core';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { type CheckOptions, type ComplianceVerdict, checkText, type ExtraWord } from './engine.ts';
import { foldTerm } from './normalise.ts';
import { type ComplianceCategory, type CompliancePlatform, RULES_VERSION } from './rules.ts';
import { tenantExtraWords } from './words.ts';

/**
 * What the writers call: the verdict on a text for a tenant, with the tenant's own words and the
 * persona's taboo words (the persona's words replace the plain "contains" check content used to
 * make, so one engine flags them, with evasions folded like every other term).
 */
export interface VerdictInput {
  tenantId: string;
  lang: Language;
  platform?: CompliancePlatform | string | null;
  category?: ComplianceCategory;
  /** The persona's taboo words, when a persona writes. */
  personaWords?: string[];
}

const PLATFORMS = new Set(['douyin', 'xiaohongshu', 'weibo', 'wechat', 'taobao']);

/** The engine's options for a tenant (its words read once; pass to `verdictWith` for several texts). */
export async function complianceOptions(db: Db, input: VerdictInput): Promise<CheckOptions> {
  const words: ExtraWord[] = [
    ...(await tenantExtraWords(db, input.tenantId)),
    ...(input.personaWords ?? []).filter(Boolean).map((word) => ({ word, rule: 'personaWord' as const, level: 'warn' as const })),
  ];
  const platform = input.platform && PLATFORMS.has(input.platform) ? (input.platform as CompliancePlatform) : undefined;
  return { platform, category: input.category, words };
}

export async function complianceVerdict(db: Db, text: string, input: VerdictInput): Promise<ComplianceVerdict> {
  return checkText(text, await complianceOptions(db, input), input.lang);
}

/**
 * The text a title-and-body view is checked as: the title, a line break, the body. Hit offsets of
 * a content item or an idea are into this text (pages map an offset below `title.length + 1` to
 * the title and the rest to the body).
 */
export const titledText = (title: string, body: string) => (title ? `${title}\n${body}` : body);

/**
 * The persona's words a text contains, as the persona lists them (the content view's
 * `tabooHits`, even where a built-in hit covers the same words in the verdict): a hit written in
 * another form ("cheap", "zui便宜") is named by the listed word.
 */
export function personaWordsHit(text: string, personaWords: string[]): string[] {
  if (!personaWords.length) return [];
  const words = personaWords.map((word) => ({ word, rule: 'personaWord' as const, level: 'warn' as const }));
  const folded = new Map(personaWords.map((w) => [foldTerm(w).join(''), w]));
  const named = checkText(text, { words, wordsOnly: true }).hits.map((h) => folded.get(foldTerm(h.text).join('')) ?? h.text);
  return [...new Set(named)];
}

/**
 * The idea report's "marketing risk" stage: the engine's verdict on everything the report says
 * (summary, ideas, association), one line per distinct phrase with its reason and replacement.
 */
export function riskText(parts: string[], lang: Language, options: CheckOptions = {}): string {
  const seen = new Map<string, ComplianceVerdict['hits'][number]>();
  for (const part of parts)
    for (const hit of checkText(part, options, lang).hits) if (!seen.has(hit.text)) seen.set(hit.text, hit);
  const t = (key: string, params: Record<string, unknown> = {}) => translate(lang, `compliance:report.${key}`, params);
  const head = t('head', { version: RULES_VERSION });
  if (!seen.size) return `${head}\n${t('clean')}`;
  const hits = [...seen.values()];
  const lines = hits.map((h, n) => {
    const level = translate(lang, `compliance:levels.${h.level}`);
    const fix = h.suggestion ? t('suggest', { text: h.suggestion }) : h.suggestion === '' ? t('delete') : '';
    return `${n + 1}. 「${h.text}」(${level}) ${h.reason}${fix}`;
  });
  const blocks = hits.filter((h) => h.level === 'block').length;
  return [head, t('found', { count: hits.length, blocks }), ...lines].join('\n');
}

/**
 * The gate before a text leaves the product (Word export, a Base): refuses while any item has a
 * block-level hit (`complianceBlocked`, naming the phrases), unless the user overrides it, which
 * is recorded in the tenant's audit log with the phrases let through.
 */
export async function guardCompliance(
  db: Db,
  user: { id: string; tenantId: string },
  target: string,
  items: Array<{ compliance: ComplianceVerdict }>,
  override: boolean,
  via: 'export' | 'base',
): Promise<void> {
  const words = [...new Set(items.flatMap((i) => i.compliance.hits.filter((h) => h.level === 'block').map((h) => h.text)))];
  if (!words.length) return;
  if (!override) throw new AppError('complianceBlocked', { words: words.join('、') });
  await recordAudit(db, {
    tenantId: user.tenantId,
    actorId: user.id,
    action: `compliance.override.${via}`,
    target,
    detail: { words: words.slice(0, 50) },
  });
}

export { checkText };
