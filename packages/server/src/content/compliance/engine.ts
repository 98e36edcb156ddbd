import type { Language } from '@productimage/core';
import { translate } from '../../platform/http/i18n.ts';
import { type Match, Matcher } from './matcher.ts';
import { foldTerm, normalise, widthFolded } from './normalise.ts';
import {
  ALLOWED_CONTEXTS,
  type ComplianceCategory,
  type CompliancePlatform,
  type HitLevel,
  RULE_GROUPS,
  type RuleId,
  type TermGroup,
} from './rules.ts';

/**
 * The text compliance engine: one pure function, `checkText`, used by every writer (content,
 * ideas, rewrites, the agent) and by POST /api/compliance/check. No I/O: the tenant's and the
 * persona's own words come in as `words` (service.ts reads them).
 */

export interface ExtraWord {
  word: string;
  rule: Extract<RuleId, 'tenantWord' | 'personaWord'>;
  level: HitLevel;
  suggestion?: string;
}

export interface CheckOptions {
  platform?: CompliancePlatform;
  category?: ComplianceCategory;
  words?: ExtraWord[];
  /** Only `words` (no built-in sets, no patterns): which of one's own words a text contains. */
  wordsOnly?: boolean;
}

export interface ComplianceHit {
  /** UTF-16 offsets into the checked text, end exclusive. */
  start: number;
  end: number;
  text: string;
  rule: RuleId;
  level: HitLevel;
  reason: string;
  suggestion?: string;
}

export type ComplianceLevel = 'ok' | HitLevel;

export interface ComplianceVerdict {
  level: ComplianceLevel;
  hits: ComplianceHit[];
}

type Payload = { kind: 'term'; group: number; suggestion?: string } | { kind: 'allow' } | { kind: 'extra'; word: ExtraWord };

/** Splits "term=suggestion" (an empty suggestion: delete the term). */
function parseTerm(entry: string): { term: string; suggestion?: string } {
  const at = entry.indexOf('=');
  return at < 0 ? { term: entry } : { term: entry.slice(0, at), suggestion: entry.slice(at + 1) };
}

let builtIn: Matcher<Payload> | null = null;
/** The built-in sets and context rules in one trie, built at the first check. */
function builtInMatcher(): Matcher<Payload> {
  if (builtIn) return builtIn;
  const m = new Matcher<Payload>();
  RULE_GROUPS.forEach((group, index) => {
    for (const entry of group.terms) {
      const { term, suggestion } = parseTerm(entry);
      m.add(foldTerm(term), { kind: 'term', group: index, suggestion });
    }
  });
  for (const allowed of ALLOWED_CONTEXTS) m.add(foldTerm(allowed), { kind: 'allow' });
  builtIn = m;
  return m;
}

/** Compiled matchers of the tenants' and personas' word lists, by list (a few hundred kept). */
const extraMatchers = new Map<string, Matcher<Payload>>();
function extraMatcher(words: ExtraWord[]): Matcher<Payload> | null {
  if (!words.length) return null;
  const key = JSON.stringify(words);
  const cached = extraMatchers.get(key);
  if (cached) return cached;
  const m = new Matcher<Payload>();
  for (const word of words) m.add(foldTerm(word.word), { kind: 'extra', word });
  if (extraMatchers.size >= 300) extraMatchers.delete(extraMatchers.keys().next().value as string);
  extraMatchers.set(key, m);
  return m;
}

/**
 * The level a group has for a check, or null when it does not apply.
 * - A platform group applies to its platforms; a check naming no platform gets the groups of the
 *   strictest platforms (douyin's) as warnings: the text may go anywhere.
 * - A category group applies to its categories; a check naming no category gets every category's
 *   groups as warnings; "general" gets none of them.
 */
function levelFor(group: TermGroup, options: CheckOptions): HitLevel | null {
  let level = group.level;
  if (group.platforms) {
    if (!options.platform) {
      if (!group.platforms.includes('douyin')) return null;
      level = 'warn';
    } else if (!group.platforms.includes(options.platform)) return null;
  }
  if (group.categories) {
    if (!options.category) level = 'warn';
    else if (!group.categories.includes(options.category)) return null;
  }
  return level;
}

interface Candidate {
  start: number;
  end: number;
  /** The tenant's or persona's own word: wins a tie with a built-in term of the same span. */
  own?: boolean;
  rule: RuleId;
  level: HitLevel;
  suggestion?: string;
  params?: Record<string, string>;
}

/** Regular-expression rules: contact details and links, by platform (run on the width-folded text). */
const PHONE = /(?<![0-9])1[3-9][0-9](?:[\s-]?[0-9]){8}(?![0-9])/g;
const LANDLINE = /(?<![0-9])0[0-9]{2,3}-[0-9]{7,8}(?![0-9])/g;
const QQ = /(?:qq|扣扣|企鹅)\s*(?:号|群)?\s*[:：]?\s*[0-9]{5,11}(?![0-9])/gi;
const WECHAT_ID = /(?:微信|vx|wx|v信)\s*(?:号)?\s*[:：]\s*[a-z][-_a-z0-9]{5,19}/gi;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;
const URL =
  /(?:https?:\/\/|www\.)[^\s，。！？、]+|(?<![@a-z0-9.-])[a-z0-9-]{2,}\.(?:com|cn|net|top|shop|vip|xyz|store|io)(?![a-z])[^\s，。！？、]*/gi;
const TAO_TOKEN = /[￥$€₴]\s*[a-z0-9]{8,13}\s*[￥$€₴]/gi;
/** Weight-loss figures ("瘦十斤", "lose 10 kg"): a claim of effect whatever the category. */
const WEIGHT_LOSS = /(?:瘦|减|掉)了?\s*[0-9一二三四五六七八九十两百几]+\s*(?:斤|公斤|kg|磅)/gi;

const STRICT_PLATFORMS: CompliancePlatform[] = ['douyin', 'xiaohongshu', 'taobao'];

function regexCandidates(text: string, options: CheckOptions): Candidate[] {
  const folded = widthFolded(text);
  const out: Candidate[] = [];
  const strict = options.platform ? STRICT_PLATFORMS.includes(options.platform) : false;
  const collect = (re: RegExp, rule: RuleId, level: HitLevel) => {
    re.lastIndex = 0;
    for (const m of folded.matchAll(re)) out.push({ start: m.index, end: m.index + m[0].length, rule, level });
  };
  const contactLevel: HitLevel = strict ? 'block' : 'warn';
  for (const re of [PHONE, LANDLINE, QQ, WECHAT_ID, EMAIL]) collect(re, 'contact', contactLevel);
  // Weibo and WeChat articles may carry links; the others throttle or remove posts that do.
  const linkLevel: HitLevel | null = strict
    ? 'block'
    : options.platform === 'weibo' || options.platform === 'wechat'
      ? null
      : 'warn';
  if (linkLevel) {
    collect(URL, 'link', linkLevel);
    collect(TAO_TOKEN, 'link', linkLevel);
  }
  collect(WEIGHT_LOSS, 'efficacy', 'block');
  return out;
}

const reasons = new Map<string, string>();
/** The reason of a rule in a language (translated once per process). */
function reasonOf(lang: Language, rule: RuleId): string {
  const key = `${lang}:${rule}`;
  let reason = reasons.get(key);
  if (reason === undefined) {
    reason = translate(lang, `compliance:reasons.${rule}`);
    reasons.set(key, reason);
  }
  return reason;
}

const RANK: Record<HitLevel, number> = { warn: 1, block: 2 };

/** Keeps the strongest, then longest, hits that do not overlap (one-click replace needs disjoint spans). */
function disjoint(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort(
    (a, b) =>
      RANK[b.level] - RANK[a.level] ||
      b.end - b.start - (a.end - a.start) ||
      Number(!!b.own) - Number(!!a.own) ||
      a.start - b.start,
  );
  const kept: Candidate[] = [];
  for (const c of sorted) if (!kept.some((k) => c.start < k.end && k.start < c.end)) kept.push(c);
  return kept.sort((a, b) => a.start - b.start);
}

/** Checks a text against the built-in sets, the platform's and category's rules and the extra words. */
export function checkText(text: string, options: CheckOptions = {}, lang: Language = 'zh'): ComplianceVerdict {
  if (!text) return { level: 'ok', hits: [] };
  const norm = normalise(text);
  const folded = widthFolded(text);
  const alnum = /[a-z0-9]/i;
  const standsAlone = (from: number, to: number, checkStart: boolean, checkEnd: boolean) => {
    const before = folded[(norm.starts[from] ?? 0) - 1];
    const after = folded[norm.ends[to - 1] ?? 0];
    if (checkStart && before && alnum.test(before)) return false;
    if (checkEnd && after && alnum.test(after)) return false;
    return true;
  };
  const matches: Match<Payload>[] = options.wordsOnly ? [] : builtInMatcher().scan(norm.chars, standsAlone);
  const extra = extraMatcher(options.words ?? []);
  if (extra) matches.push(...extra.scan(norm.chars, standsAlone));

  const allowed = matches.filter((m) => m.payload.kind === 'allow');
  const covered = (m: Match<Payload>) => allowed.some((a) => a.from <= m.from && m.to <= a.to);
  const candidates: Candidate[] = [];
  for (const m of matches) {
    const p = m.payload;
    if (p.kind === 'allow') continue;
    const start = norm.starts[m.from] as number;
    const end = norm.ends[m.to - 1] as number;
    if (p.kind === 'extra') {
      // The merchant's own words count even inside an ordinary word.
      candidates.push({ start, end, own: true, rule: p.word.rule, level: p.word.level, suggestion: p.word.suggestion });
      continue;
    }
    if (covered(m)) continue;
    const group = RULE_GROUPS[p.group] as TermGroup;
    const level = levelFor(group, options);
    if (!level) continue;
    candidates.push({ start, end, rule: group.rule, level, suggestion: p.suggestion });
  }
  if (!options.wordsOnly) candidates.push(...regexCandidates(text, options));

  const hits: ComplianceHit[] = disjoint(candidates).map((c) => ({
    start: c.start,
    end: c.end,
    text: text.slice(c.start, c.end),
    rule: c.rule,
    level: c.level,
    reason: reasonOf(lang, c.rule),
    ...(c.suggestion !== undefined ? { suggestion: c.suggestion } : {}),
  }));
  const level: ComplianceLevel = hits.some((h) => h.level === 'block') ? 'block' : hits.length ? 'warn' : 'ok';
  return { level, hits };
}

/** The text with each hit that has a suggestion replaced by it (the "replace all" of the pages, and tests). */
export function applySuggestions(text: string, hits: ComplianceHit[]): string {
  let out = '';
  let at = 0;
  for (const h of [...hits].sort((a, b) => a.start - b.start)) {
    if (h.suggestion === undefined || h.start < at) continue;
    out += text.slice(at, h.start) + h.suggestion;
    at = h.end;
  }
  return out + text.slice(at);
}
