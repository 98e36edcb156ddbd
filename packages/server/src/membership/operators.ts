import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';

/**
 * Operators are the accounts named in OPERATOR_ACCOUNTS (phones or e-mail addresses): they edit the
 * product catalogue, grant enterprise packages and refund orders. Configuration, not data, so that
 * no request can make itself an operator.
 */
export async function isOperator(ctx: AppContext, userId: string): Promise<boolean> {
  const accounts = ctx.config.OPERATOR_ACCOUNTS.split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  if (accounts.length === 0) return false;
  const user = await ctx.db.selectFrom('users').select(['phone', 'email']).where('id', '=', userId).executeTakeFirst();
  return (
    !!user && ((!!user.phone && accounts.includes(user.phone)) || (!!user.email && accounts.includes(user.email.toLowerCase())))
  );
}

/** The logged-in operator, or 401 / 403. */
export async function requireOperator(request: FastifyRequest, ctx: AppContext) {
  const user = requireUser(request);
  if (!(await isOperator(ctx, user.id))) throw new AppError('forbidden');
  return user;
}
