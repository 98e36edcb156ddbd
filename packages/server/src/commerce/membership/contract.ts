import crypto from 'node:crypto';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { activatePackageIn, type SubscriptionRow } from './subscriptions.ts';

/**
 * An operator's enterprise contract for an account (POST /api/membership/admin/enterprise): the
 * enterprise plan for `months` with custom monthly points, starting now and replacing what the
 * account had (an upgrade), in one transaction with its first period's points.
 */
export async function activateEnterpriseContract(
  db: Db,
  userId: string,
  contract: { months: number; monthlyPoints: number; value: number },
): Promise<SubscriptionRow> {
  return writeTransaction(db, (trx) =>
    activatePackageIn(trx, {
      userId,
      tier: 'enterprise',
      months: contract.months,
      monthlyPoints: contract.monthlyPoints,
      valueCents: contract.value,
      productId: 'enterprise',
      orderNo: `contract-${crypto.randomUUID()}`,
      upgrade: true,
    }),
  );
}
