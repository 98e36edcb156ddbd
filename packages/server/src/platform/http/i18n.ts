import { createI18n, DEFAULT_LANGUAGE, type Language, normaliseLanguage } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

const instances = { zh: createI18n('zh'), en: createI18n('en') } as const;

/** `?lang=` on any request (routes need not declare it): anything else than a string is no choice. */
const langQuery = z.object({ lang: z.string().max(20) });

/** The caller's language: `lang` query, then Accept-Language, then the default. */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    normaliseLanguage(langQuery.safeParse(request.query).data?.lang) ??
    normaliseLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

/** Translates `ns:key` (or a bare key of `errors`) into the given language. */
export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  const full = key.includes(':') ? key : `errors:${key}`;
  return instances[language].t(full, params) as string;
}
