import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@productimage/core';

/** Prompt files, one per step and language (marketing/prompts/<lang>/<step>.md); read once. */
export const PROMPT_STEPS = [
  'system',
  'summary',
  'advice_online',
  'advice_online_video',
  'advice_offline',
  'association',
  'risk',
  'content',
] as const;
export type PromptStep = (typeof PROMPT_STEPS)[number];

const cache = new Map<string, string>();
const dir = path.join(import.meta.dirname, '..', 'prompts');

export function promptText(lang: Language, step: PromptStep): string {
  const key = `${lang}/${step}`;
  let text = cache.get(key);
  if (text === undefined) {
    text = fs.readFileSync(path.join(dir, lang, `${step}.md`), 'utf8').trim();
    cache.set(key, text);
  }
  return text;
}

/** Fills {{name}} placeholders; a missing value becomes "-" so the model sees the field was empty. */
export function fillPrompt(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === '' ? '-' : String(value);
  });
}
