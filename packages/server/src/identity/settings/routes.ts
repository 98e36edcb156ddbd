import { codeSchema, mobileIdSchema, passwordSchema, USER_NAME_MAX } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { revokeAllSessions } from '../accounts/sessions.ts';
import { bindAccount, changePassword, updateProfile } from './service.ts';

const profileBody = z.object({
  userName: z
    .string({ error: 'validation:nameRequired' })
    .trim()
    .min(1, { error: 'validation:nameRequired' })
    .max(USER_NAME_MAX, { error: 'validation:maxLength30' })
    .optional(),
  companyName: z.string().trim().max(USER_NAME_MAX, { error: 'validation:maxLength30' }).optional(),
});

const bindBody = z.object({ mobileId: mobileIdSchema, verifyCode: codeSchema });

const passwordBody = z.object({ oldPassword: z.string().max(200).optional(), password: passwordSchema });

/** Personal settings (/personal-setting): name, binding e-mail or phone, password, logging out everywhere. */
export async function settingsRoutes(app: ApiApp, ctx: AppContext) {
  const done = envelopeOf(z.null());

  app.put(
    '/settings/profile',
    {
      schema: {
        tags: ['settings'],
        summary: 'Changes the display name and/or company name',
        security: [{ bearer: [] }],
        body: profileBody,
        response: { 200: done },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await updateProfile(ctx, user.id, request.body);
      return ok(null);
    },
  );

  app.post(
    '/settings/bind',
    {
      schema: {
        tags: ['settings'],
        summary: 'Binds a phone number or e-mail address with the code sent to it (POST /api/auth/code first)',
        security: [{ bearer: [] }],
        body: bindBody,
        response: { 200: envelopeOf(z.object({ kind: z.enum(['phone', 'email']) })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { mobileId, verifyCode } = request.body;
      return ok({ kind: await bindAccount(ctx, user.id, mobileId, verifyCode) });
    },
  );

  app.post(
    '/settings/password',
    {
      schema: {
        tags: ['settings'],
        summary: 'Changes the password (oldPassword required when one is set); other sessions end',
        security: [{ bearer: [] }],
        body: passwordBody,
        response: { 200: done },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { oldPassword, password } = request.body;
      await changePassword(ctx, user, oldPassword, password);
      return ok(null);
    },
  );

  app.post(
    '/settings/logout-all',
    {
      schema: {
        tags: ['settings'],
        summary: "Ends every session of the account, the caller's included",
        security: [{ bearer: [] }],
        response: { 200: done },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await revokeAllSessions(ctx.db, user.id);
      return ok(null);
    },
  );
}
