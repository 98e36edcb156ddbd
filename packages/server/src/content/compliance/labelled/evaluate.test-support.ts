import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkText } from '../engine.ts';
import type { ComplianceCategory, CompliancePlatform } from '../rules.ts';

/**
 * The labelled sentences (one JSON object a line): `t` the text, `v` 1 for a violation, `c` the
 * category, `p` the platform, `l` "en" for English. heldout.jsonl was written and committed before
 * any rule and never used to write them; dev.jsonl is what the rules were tried on.
 */
export interface Labelled {
  t: string;
  v: 0 | 1;
  c?: ComplianceCategory;
  p?: CompliancePlatform;
  l?: 'en';
}

const here = path.dirname(fileURLToPath(import.meta.url));

export function readLabelled(name: 'heldout' | 'dev'): Labelled[] {
  return fs
    .readFileSync(path.join(here, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Labelled);
}

export interface Figures {
  sentences: number;
  violations: number;
  clean: number;
  /** Violations flagged (warn or block) / violations. */
  recall: number;
  /** Clean sentences flagged / clean sentences. */
  falsePositives: number;
  missed: string[];
  falseAlarms: string[];
}

export function evaluate(rows: Labelled[]): Figures {
  const missed: string[] = [];
  const falseAlarms: string[] = [];
  let violations = 0;
  let clean = 0;
  for (const row of rows) {
    const verdict = checkText(row.t, { platform: row.p, category: row.c }, row.l === 'en' ? 'en' : 'zh');
    const flagged = verdict.level !== 'ok';
    if (row.v) {
      violations++;
      if (!flagged) missed.push(row.t);
    } else {
      clean++;
      if (flagged) falseAlarms.push(`${row.t} <- ${verdict.hits.map((h) => h.text).join('|')}`);
    }
  }
  return {
    sentences: rows.length,
    violations,
    clean,
    recall: violations ? (violations - missed.length) / violations : 1,
    falsePositives: clean ? falseAlarms.length / clean : 0,
    missed,
    falseAlarms,
  };
}
