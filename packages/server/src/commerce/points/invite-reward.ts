import { DAY_MS, INVITE_REWARD_DAILY_CAP, INVITE_REWARD_POINTS } from '@productimage/core';
import type { Transaction } from 'kysely';
import { invitationOf } from '../../identity/accounts/users.ts';
import type { Database } from '../../platform/db/schema.ts';
import { countEntriesSince } from './entries.ts';
import { grantPoints } from './grants.ts';
import { lockAccount } from './ledger.ts';

const CST = 8 * 3600 * 1000;

/** Start of the calendar day (China Standard Time) that `now` falls in, as epoch ms. */
export const cstDayStart = (now: number) => now - ((now + CST) % DAY_MS);

/**
 * Pays the inviter of `inviteeId` the invite reward, inside the caller's transaction (the one that
 * registered the invitee or bound their phone). Paid only when the invitee has a phone verified by
 * SMS, once per invitee (the grant is idempotent per invitee), and at most INVITE_REWARD_DAILY_CAP
 * times per inviter and day: accounts made from throw-away e-mail addresses earn nothing (issue 9
 * item 2). Answers whether a reward was paid.
 */
export async function rewardInviterIn(trx: Transaction<Database>, inviteeId: string, now = Date.now()): Promise<boolean> {
  const invitee = await invitationOf(trx, inviteeId);
  if (!invitee?.invited_by || !invitee.phone) return false;
  const inviterId = invitee.invited_by;
  // The inviter's account lock orders concurrent rewards, so the cap holds under parallel sign-ups.
  await lockAccount(trx, inviterId);
  if ((await countEntriesSince(trx, inviterId, 'invite_reward', cstDayStart(now))) >= INVITE_REWARD_DAILY_CAP) return false;
  return grantPoints(trx, {
    userId: inviterId,
    amount: INVITE_REWARD_POINTS,
    kind: 'free',
    reason: 'invite_reward',
    refType: 'invitee',
    refId: inviteeId,
  });
}
