import {
  accountKind,
  codeSchema,
  emailSchema,
  firstIssueKey,
  mobileIdSchema,
  passwordSchema,
  phoneSchema,
} from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, fileAnswer } from '../../platform/http/envelope-schema.ts';
import { validationError } from '../../platform/http/errors.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { checkInviteCode } from '../tenants/invite-code.ts';
import { issueCaptcha, verifyCaptcha } from './captcha.ts';
import { sendCode } from './codes.ts';
import { type Caller, loginWithCode, loginWithPassword, register, resetPassword } from './login.ts';
import { issueChallenge, spendProofOfWork } from './proof-of-work.ts';
import { sendCodeResultSchema, tokenResponseSchema, userInfoSchema } from './schemas.ts';
import { normaliseAccount } from './secrets.ts';
import { revokeSession } from './sessions.ts';
import { loadUserInfo, publicOrigin } from './user-info.ts';

const text = (max = 200) => z.string().max(max).optional();

/** OAuth-style fields the clients send along (accepted, not used) and the registration context. */
const clientFields = {
  response_type: text(),
  redirect_uri: text(1000),
  client_id: text(),
  /** Mini-program host; accepted so the mini-program can send it. */
  reqHost: text(),
  /** The inviter's code from an invite link: the inviter gets the invite reward once. */
  inviteCode: text(64),
  /** Where the user came from; stored on a new account. */
  referrer: text(100),
  /** The day's invite code, for referrers that require one (tenants/invite-code.ts). */
  referrerCode: text(20),
};

const loginBody = z.object({
  loginType: z.enum(['sms_code', 'mail_code', '']).optional(),
  verifyCode: text(),
  mobileId: text(),
  username: text(),
  mail: text(),
  password: text(),
  ...clientFields,
});

const credentialsBody = z.object({ verifyCode: codeSchema, mobileId: mobileIdSchema, password: passwordSchema, ...clientFields });

/** Parses with a core rule, answering its translated validation message on failure. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(firstIssueKey(result.error));
  return result.data;
}

const callerOf = (request: FastifyRequest): Caller => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const signupOf = (body: { inviteCode?: string; referrer?: string }) => ({
  inviteCode: body.inviteCode || undefined,
  referrer: body.referrer || undefined,
});

/** Account routes under /api/auth (API.md "Account"). */
export async function accountsRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/auth/captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'Image captcha (PNG) for a phone or e-mail and this client; an empty body when requested too often',
        querystring: z.object({ mobileId: mobileIdSchema }),
        response: { 200: fileAnswer('image/png') },
      },
    },
    async (request, reply) => {
      const { mobileId } = request.query;
      const png = await issueCaptcha(ctx, normaliseAccount(mobileId), request.ip, requestLanguage(request));
      return reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .send(png ?? Buffer.alloc(0));
    },
  );

  app.get(
    '/auth/challenge',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Proof-of-work challenge (ALTCHA format: algorithm, challenge, salt, signature, maxnumber) to solve beside the captcha; null when not asked for',
        response: {
          200: envelopeOf(
            z
              .object({
                algorithm: z.string(),
                challenge: z.string(),
                maxnumber: z.number().optional(),
                salt: z.string(),
                signature: z.string(),
              })
              .meta({ id: 'ProofOfWorkChallenge' })
              .nullable(),
          ),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await issueChallenge(ctx));
    },
  );

  app.post(
    '/auth/captcha/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Checks the typed captcha and the proof of work (`altcha`: base64 ALTCHA payload, required whenever GET /api/auth/challenge answers one); true allows one code send',
        body: z.object({ mobileId: mobileIdSchema, code: z.string().max(20), altcha: z.string().max(2000).optional() }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => {
      const { mobileId, code, altcha } = request.body;
      // The work is spent first, whatever the answer: each guess at the captcha costs a solution.
      if (!(await spendProofOfWork(ctx, altcha))) return ok(false);
      return ok(await verifyCaptcha(ctx.db, ctx.secret, normaliseAccount(mobileId), request.ip, code));
    },
  );

  app.post(
    '/auth/code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sends a verification code by SMS or e-mail (after a verified captcha)',
        body: z.object({ mobileId: mobileIdSchema }),
        response: { 200: envelopeOf(sendCodeResultSchema) },
      },
    },
    async (request) => {
      const { mobileId } = request.body;
      return ok(await sendCode(ctx, normaliseAccount(mobileId), request.ip, requestLanguage(request)));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Login by SMS code, e-mail code or password (form or JSON)',
        body: loginBody,
        response: { 200: envelopeOf(tokenResponseSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      const caller = callerOf(request);
      await checkInviteCode(ctx, body.referrer, body.referrerCode, { host: body.reqHost || request.host, ip: request.ip });
      if (body.loginType === 'sms_code') {
        const { mobileId, verifyCode } = parse(z.object({ mobileId: phoneSchema, verifyCode: codeSchema }), body);
        return ok(await loginWithCode(ctx, normaliseAccount(mobileId), 'phone', verifyCode, caller, signupOf(body)));
      }
      if (body.loginType === 'mail_code') {
        const input = { mail: body.mail || body.mobileId, verifyCode: body.verifyCode };
        const { mail, verifyCode } = parse(z.object({ mail: emailSchema, verifyCode: codeSchema }), input);
        return ok(await loginWithCode(ctx, normaliseAccount(mail), 'email', verifyCode, caller, signupOf(body)));
      }
      const input = { username: body.username || body.mobileId || body.mail, password: body.password };
      const { username, password } = parse(
        z.object({
          username: z
            .string({ error: 'validation:phoneOrEmailInvalid' })
            .trim()
            .min(1, { error: 'validation:phoneOrEmailInvalid' }),
          password: z.string({ error: 'validation:passwordRequired' }).min(1, { error: 'validation:passwordRequired' }),
        }),
        input,
      );
      return ok(await loginWithPassword(ctx, normaliseAccount(username), password, caller));
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Registers with a verification code and a password',
        body: credentialsBody,
        response: { 200: envelopeOf(tokenResponseSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      await checkInviteCode(ctx, body.referrer, body.referrerCode, { host: body.reqHost || request.host, ip: request.ip });
      const account = normaliseAccount(body.mobileId);
      const kind = accountKind(account) ?? 'phone';
      return ok(await register(ctx, account, kind, body.verifyCode, body.password, callerOf(request), signupOf(body)));
    },
  );

  app.post(
    '/auth/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a verification code; other sessions end',
        body: credentialsBody,
        response: { 200: envelopeOf(tokenResponseSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      return ok(await resetPassword(ctx, normaliseAccount(body.mobileId), body.verifyCode, body.password, callerOf(request)));
    },
  );

  const session = {
    tags: ['auth'],
    summary: 'The logged-in user, or null',
    response: { 200: envelopeOf(userInfoSchema.nullable()) },
  };
  app.get('/auth/session', { schema: session }, async (request) => {
    if (!request.user) return ok(null);
    return ok(await loadUserInfo(ctx.db, request.user.id, publicOrigin(ctx, request)));
  });

  const logout = { tags: ['auth'], summary: 'The token stops working', response: { 200: envelopeOf(z.null()) } };
  app.post('/auth/logout', { schema: logout }, async (request) => {
    const user = requireUser(request);
    await revokeSession(ctx.db, user.sessionId);
    return ok(null);
  });
}
