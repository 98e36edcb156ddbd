import type { EmbedEventMap } from '@productimage/core/embed/protocol';

/** What the host has been told about the session. */
export interface SessionSnapshot {
  userId: string;
  userName: string;
  balance: number;
}

export type SessionEvent =
  | { type: 'login'; data: EmbedEventMap['login'] }
  | { type: 'logout'; data: EmbedEventMap['logout'] }
  | { type: 'balanceChanged'; data: EmbedEventMap['balanceChanged'] };

/**
 * The events that bring the host from what it was told (`told`; undefined when this mount never
 * reported) to the session now. `login` and `logout` are transitions; a host that mounts over a
 * logged-in session learns it from `ready` and gets the balance as a change from unknown.
 */
export function sessionEvents(told: SessionSnapshot | null | undefined, now: SessionSnapshot | null): SessionEvent[] {
  const events: SessionEvent[] = [];
  const previousUser = told?.userId ?? null;
  if (previousUser && previousUser !== now?.userId) events.push({ type: 'logout', data: {} });
  if (now && now.userId !== previousUser) {
    if (told !== undefined) events.push({ type: 'login', data: { userId: now.userId, userName: now.userName } });
    events.push({ type: 'balanceChanged', data: { balance: now.balance, previous: null } });
  } else if (now && told && now.balance !== told.balance) {
    events.push({ type: 'balanceChanged', data: { balance: now.balance, previous: told.balance } });
  }
  return events;
}
