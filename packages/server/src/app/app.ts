import fastifySseModule, { type fastifySSE } from '@fastify/sse';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { findSessionUser } from '../identity/accounts/sessions.ts';
import { installHiddenRouteGuard } from '../identity/tenants/route-guard.ts';
import { registerEmbed } from '../integrations/embed/register.ts';
import { registerFeishuPlugins } from '../integrations/feishu-plugins/serve.ts';
import { installOperatorAudit } from '../organisation/console/audit-hook.ts';
import type { Config } from '../platform/config.ts';
import type { AppContext } from '../platform/context.ts';
import type { DbOptions } from '../platform/db/index.ts';
import { installAuth } from '../platform/http/auth.ts';
import { installClosing } from '../platform/http/closing.ts';
import { installErrorHandler } from '../platform/http/error-handler.ts';
import { installRequestLog, type LogStream, lazyRequestLoggers, loggerOptions } from '../platform/http/logging.ts';
import { registerMultipart } from '../platform/http/multipart.ts';
import { pruneUnusedSchemas } from '../platform/http/openapi-prune.ts';
import { installSecurityHeaders } from '../platform/http/security-headers.ts';
import { AnsweredSteps, addSendStep } from '../platform/http/send-steps.ts';
import { fileUrlSigning } from '../platform/storage/file-urls.ts';
import { registerWebApp } from '../platform/web/static.ts';
import { createContext } from './context.ts';
import { fileHasRecord } from './file-records.ts';
import { registerFileRoutes } from './file-routes.ts';
import { registerMetrics } from './metrics.ts';
import { domains } from './routes.ts';
import { startBackgroundWork } from './startup.ts';

export interface BuildOptions {
  dbOptions?: DbOptions;
  /** Log level override (tests pass 'silent'). */
  logLevel?: string;
  /** Where log lines go instead of stdout. */
  logStream?: LogStream;
}

/**
 * @fastify/sse is CommonJS: its module object is the plugin wrapped by fastify-plugin (so `sse`
 * routes anywhere see it), while its typings describe the default export as the bare function.
 */
const fastifySse = fastifySseModule as unknown as typeof fastifySSE;

/** TRUST_PROXY as Fastify takes it: a boolean, or a comma-separated list of proxy addresses. */
function trustProxyOption(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

/** Builds the whole server: context, API routes of every domain, OpenAPI and the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? config.LOG_LEVEL, options.logStream),
    // One request line from installRequestLog instead of Fastify's two (issue 16, http/logging.ts);
    // it and the metrics' count run from the log controller, not an onResponse hook (issue 48).
    logController: new AnsweredSteps({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // JSON bodies are small; routes that need more say so (task creation); files go by multipart.
    bodyLimit: 1024 * 1024,
    // Our ids and tokens are URL-safe; a long query string is still a client error, not a crash.
    routerOptions: { maxParamLength: 500 },
  });
  // request.log made when something logs through it, not for every request (issue 48, http/logging.ts).
  lazyRequestLoggers(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const ctx = await createContext(config, app.log, options.dbOptions);
  app.addHook('onClose', async () => ctx.close());

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'InspoShot API',
        version: '1.0.0',
        description: 'Every JSON answer is { code, data, msg }; code 0 is success.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The open API's keys (/api/open/v1, docs/open-api.md); login tokens are refused there.
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: isk_...' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas named with `.meta({ id })` become components: one named type each in the generated client.
    transformObject: (document) => pruneUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await registerMultipart(app, { limits: { fileSize: 25 * 1024 * 1024, files: 1 } });
  // Server-sent events (task events): routes opt in with `sse`; a comment every 15 s keeps proxies from timing out.
  await app.register(fastifySse, { heartbeatInterval: 15_000 });
  installErrorHandler(app);
  installRequestLog(app);
  installSecurityHeaders(app);
  installClosing(app, ctx);
  addSendStep(app, fileUrlSigning(ctx));
  installAuth(app, (token) => findSessionUser(ctx.db, token));
  installHiddenRouteGuard(app, ctx);
  registerMetrics(app, ctx);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      // Before the routes: it hooks the operator routes of every domain as they are added.
      installOperatorAudit(api, ctx);
      for (const register of domains) await register(typed, ctx);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await registerFileRoutes(app, ctx, fileHasRecord);
  await registerEmbed(app, ctx);
  await registerFeishuPlugins(app, ctx);
  await registerWebApp(app, config);
  await startBackgroundWork(ctx);
  return { app, ctx };
}
