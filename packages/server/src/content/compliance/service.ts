import type { Language } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';
import { type CheckOptions, type ComplianceVerdict, checkText, type ExtraWord } from './engine.ts';
import type { ComplianceCategory, CompliancePlatform } from './rules.ts';
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

export { checkText };
