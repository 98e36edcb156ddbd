import { DEFAULT_TENANT_FLAGS } from '@productimage/core';
import type { FastifyRequest } from 'fastify';
import { type Operator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';

/**
 * Billing rights on top of the shell's operators (admin/operators.ts): an operator acts for their
 * own tenant (its users' orders, refunds, adjustments), while the product catalogue and the service
 * contact are the platform's and belong to operators of the default tenant.
 */
export async function requirePlatformOperator(request: FastifyRequest, ctx: AppContext): Promise<Operator> {
  const operator = await requireOperator(ctx, request);
  if (operator.tenantId !== DEFAULT_TENANT_FLAGS.tenantId) throw new AppError('forbidden');
  return operator;
}

/** A target account for an operator: it must belong to the operator's tenant. */
export function checkSameTenant<T extends { tenant_id: string }>(operator: Operator, target: T | undefined): T {
  if (!target) throw new AppError('accountNotFound');
  if (target.tenant_id !== operator.tenantId) throw new AppError('accountNotFound');
  return target;
}

export { requireOperator };
