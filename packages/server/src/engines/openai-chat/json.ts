import type { z } from 'zod';

export type TolerantParse<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The outermost JSON object or array in a text: models wrap answers in fences or sentences. */
function extractJson(text: string): string | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = fenced?.[1] ?? text;
  const start = body.search(/[{[]/);
  if (start < 0) return null;
  const open = body[start];
  const close = open === '{' ? '}' : ']';
  const end = body.lastIndexOf(close);
  return end > start ? body.slice(start, end + 1) : null;
}

/**
 * Parses a model's JSON answer leniently (code fences, prose around it, trailing commas, smart
 * quotes used as delimiters) and validates it with the schema. The problem text is shown to the
 * model in the repair retry, so it says what is wrong in plain words.
 */
export function parseTolerantJson<T>(text: string, schema: z.ZodType<T>): TolerantParse<T> {
  const raw = extractJson(text);
  if (!raw) return { ok: false, problem: 'no JSON object found' };
  let value: unknown;
  const attempts = [raw, raw.replace(/,\s*([}\]])/g, '$1'), raw.replace(/,\s*([}\]])/g, '$1').replace(/[“”]/g, '"')];
  let lastError = '';
  for (const attempt of attempts) {
    try {
      value = JSON.parse(attempt);
      lastError = '';
      break;
    } catch (err) {
      lastError = (err as Error).message;
    }
  }
  if (lastError) return { ok: false, problem: `invalid JSON: ${lastError}` };
  const checked = schema.safeParse(value);
  if (checked.success) return { ok: true, value: checked.data };
  const issue = checked.error.issues[0];
  return { ok: false, problem: `field ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'does not match'}` };
}
