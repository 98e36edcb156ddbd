import { ERRORS } from '@productimage/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';

/** Turns every failure into the `{ code, data, msg }` envelope with a fitting HTTP status. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof AppError) {
      const msg = translate(lang, error.msgKey ?? `errors:${error.key}`, error.params);
      return reply.status(error.status).send({ code: error.code, data: error.data, msg });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const raw = issue?.message ?? '';
      // Our schemas carry i18n keys as messages (core/validation); other issues get the generic text.
      const msg = /^[a-z]+:[A-Za-z0-9]+$/.test(raw) ? translate(lang, raw) : translate(lang, 'errors:badRequest');
      const field = issue?.instancePath?.replace(/^\//, '') || undefined;
      return reply.status(400).send({ code: ERRORS.badRequest.code, data: field ? { field } : null, msg });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ code: ERRORS.tooLarge.code, data: null, msg: translate(lang, 'errors:tooLarge') });
    if (status === 429)
      return reply
        .status(429)
        .send({ code: ERRORS.tooManyRequests.code, data: null, msg: translate(lang, 'errors:tooManyRequests') });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: ERRORS.badRequest.code, data: null, msg: translate(lang, 'errors:badRequest') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ERRORS.internal.code, data: null, msg: translate(lang, 'errors:internal') });
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = requestLanguage(request);
    reply.status(404).send({ code: ERRORS.notFound.code, data: null, msg: translate(lang, 'errors:notFound') });
  });
}
