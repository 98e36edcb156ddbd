import { FREE_GRANT_POINTS } from '@productimage/core';
import type { AccountEventHandlers } from '../../identity/accounts/account-events.ts';
import { grantPoints } from './grants.ts';
import { rewardInviterIn } from './invite-reward.ts';

/**
 * The points an account's own events earn, in the transaction of the event (registered by the
 * composition root, app/account-events.ts): a new account's one-time free grant, and the inviter's
 * reward once the invitee's phone is verified by SMS.
 */
export const accountRewards: AccountEventHandlers = {
  created: (trx, userId) =>
    grantPoints(trx, { userId, amount: FREE_GRANT_POINTS, kind: 'free', reason: 'grant', refType: 'user', refId: userId }),
  phoneVerified: (trx, userId, now) => rewardInviterIn(trx, userId, now),
};
