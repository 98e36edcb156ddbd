import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * What contexts above identity do inside the transaction of an account's own events: identity sits
 * below commerce and cannot call it, so commerce's handlers (the sign-up grant, the invite reward:
 * commerce/points/account-rewards.ts) are registered by the composition root (app/account-events.ts)
 * and run here, in the same transaction as their cause.
 */
export interface AccountEventHandlers {
  /** The account was just created. */
  created?(trx: Transaction<Database>, userId: string, now: number): Promise<unknown>;
  /** The account's phone was just verified by an SMS code (at sign-up or when bound later). */
  phoneVerified?(trx: Transaction<Database>, userId: string, now: number): Promise<unknown>;
}

const registered: AccountEventHandlers[] = [];

/** Registers handlers once (the composition root calls it at import; a second call is ignored). */
export function onAccountEvents(handlers: AccountEventHandlers): void {
  if (!registered.includes(handlers)) registered.push(handlers);
}

export async function accountCreated(trx: Transaction<Database>, userId: string, now: number): Promise<void> {
  // An account without its free grant would be a silent loss: a process that makes accounts without
  // the composition root (a bench, a script) must import app/account-events.ts.
  if (registered.length === 0) throw new Error('No handlers for account events: import app/account-events.ts first');
  for (const handlers of registered) await handlers.created?.(trx, userId, now);
}

export async function phoneVerified(trx: Transaction<Database>, userId: string, now: number): Promise<void> {
  for (const handlers of registered) await handlers.phoneVerified?.(trx, userId, now);
}
