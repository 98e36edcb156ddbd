import { type ApiClient, DEFAULT_CLIENT_ID, type TokenResponse } from '@productimage/core';
import { type PowChallenge, solveProofOfWork } from '@productimage/core/auth/proofOfWork';
import type { LoginSetup } from './setup.tsx';

/** Login types of API.md "Account": SMS code, e-mail code, or empty for password. */
export type LoginType = 'sms_code' | 'mail_code' | '';

/**
 * The authorization fields every login, register and reset form carries (spec 000 §3): the client
 * id comes from the query when a partner passes one, else the product's own id.
 */
function authorizationFields({ query, channel }: Pick<LoginSetup, 'query' | 'channel'>): Record<string, string> {
  const fields: Record<string, string> = {
    response_type: 'token',
    client_id: query.get('client_id') || DEFAULT_CLIENT_ID,
    redirect_uri: query.get('redirect_uri') || window.location.origin + window.location.pathname,
  };
  const inviteCode = query.get('inviteCode');
  if (inviteCode) fields.inviteCode = inviteCode;
  if (channel.referrer) fields.referrer = channel.referrer;
  // The mini-program (and partner hosts) tell the server which host the login came from.
  if (channel.miniProgram) fields.reqHost = channel.host;
  return fields;
}

/** Account forms travel as form data (API.md "Account"); the body's type still comes from the schema. */
function asForm<T extends Record<string, string>>(body: T) {
  return {
    body,
    bodySerializer: (fields: T) => new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  };
}

/**
 * The captcha image for an account as an object URL, or null when the server throttled the
 * request (it answers an empty body). The caller revokes the URL.
 */
export async function fetchCaptcha(api: ApiClient, mobileId: string): Promise<string | null> {
  const response = await api.raw('/api/auth/captcha', { mobileId, t: Date.now() });
  const image = await response.blob();
  if (!response.ok || image.size === 0) return null;
  return URL.createObjectURL(image);
}

/**
 * The proof of work that goes with the captcha (API.md GET /api/auth/challenge), solved in the
 * background with core's solver (ALTCHA's algorithm); null when the server asks for none.
 */
export async function solveChallenge(api: ApiClient, signal?: AbortSignal): Promise<string | null> {
  const challenge = (await api.GET('/api/auth/challenge')) as PowChallenge | null;
  if (!challenge) return null;
  return solveProofOfWork(challenge, signal);
}

export const verifyCaptcha = (api: ApiClient, mobileId: string, code: string, altcha: string | null) =>
  api.POST('/api/auth/captcha/verify', { body: { mobileId, code, ...(altcha ? { altcha } : {}) } });

export const sendCode = (api: ApiClient, mobileId: string) => api.POST('/api/auth/code', { body: { mobileId } });

export interface LoginInput {
  loginType: LoginType;
  account: string;
  verifyCode?: string;
  password?: string;
}

/**
 * Logs in (form data, as API.md). The password travels as typed: the connection's TLS protects it
 * and the server hashes it; an extra client-side encoding would add no secrecy.
 */
export function login(api: ApiClient, input: LoginInput, setup: Pick<LoginSetup, 'query' | 'channel'>): Promise<TokenResponse> {
  const form: Record<string, string> = { ...authorizationFields(setup), loginType: input.loginType };
  if (input.loginType === 'sms_code') form.mobileId = input.account;
  else if (input.loginType === 'mail_code') form.mail = input.account;
  else form.username = input.account;
  if (input.verifyCode) form.verifyCode = input.verifyCode;
  if (input.password) form.password = input.password;
  return api.POST('/api/auth/login', asForm(form));
}

export interface AccountInput {
  mobileId: string;
  verifyCode: string;
  password: string;
}

/** Registers or resets the password (form data); both answer a token like login. */
export function submitAccount(
  api: ApiClient,
  kind: 'register' | 'reset',
  input: AccountInput,
  setup: Pick<LoginSetup, 'query' | 'channel'>,
) {
  const form = asForm({ ...authorizationFields(setup), ...input });
  return kind === 'register' ? api.POST('/api/auth/register', form) : api.POST('/api/auth/reset', form);
}
