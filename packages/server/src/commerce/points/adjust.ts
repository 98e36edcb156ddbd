import crypto from 'node:crypto';
import { DAY_MS } from '@productimage/core';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { grantPoints } from './grants.ts';
import { lockAccount } from './ledger.ts';

export interface Adjustment {
  amount: number;
  note: string;
  /** Days the points stay spendable; none: no expiry. */
  validityDays?: number;
}

/** An operator's credit to a user: free points with a ledger row, in one transaction. */
export async function adjustPoints(db: Db, userId: string, adjustment: Adjustment): Promise<string> {
  const id = crypto.randomUUID();
  await writeTransaction(db, async (trx) => {
    await lockAccount(trx, userId);
    await grantPoints(trx, {
      userId,
      amount: adjustment.amount,
      kind: 'free',
      reason: 'admin_adjust',
      refType: 'admin',
      refId: id,
      expiresAt: adjustment.validityDays ? Date.now() + adjustment.validityDays * DAY_MS : null,
      note: adjustment.note,
    });
  });
  return id;
}
