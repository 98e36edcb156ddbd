import { describe, expect, it } from 'vitest';
import { type SessionSnapshot, sessionEvents } from './sessionEvents.ts';

const ann: SessionSnapshot = { userId: 'u1', userName: 'Ann', balance: 500 };
const types = (events: ReturnType<typeof sessionEvents>) => events.map((e) => e.type);

describe('session events for the host', () => {
  it('reports a login with the balance once the user was anonymous', () => {
    expect(sessionEvents(null, ann)).toEqual([
      { type: 'login', data: { userId: 'u1', userName: 'Ann' } },
      { type: 'balanceChanged', data: { balance: 500, previous: null } },
    ]);
  });

  it('gives a host mounting over a logged-in session the balance but no login transition', () => {
    expect(sessionEvents(undefined, ann)).toEqual([{ type: 'balanceChanged', data: { balance: 500, previous: null } }]);
    expect(sessionEvents(undefined, null)).toEqual([]);
  });

  it('reports balance changes of the same user with the previous balance', () => {
    expect(sessionEvents(ann, { ...ann, balance: 495 })).toEqual([
      { type: 'balanceChanged', data: { balance: 495, previous: 500 } },
    ]);
    expect(sessionEvents(ann, ann)).toEqual([]);
  });

  it('reports logout, and a switch of user as logout then login', () => {
    expect(sessionEvents(ann, null)).toEqual([{ type: 'logout', data: {} }]);
    expect(types(sessionEvents(ann, { userId: 'u2', userName: 'Bo', balance: 10 }))).toEqual([
      'logout',
      'login',
      'balanceChanged',
    ]);
    expect(sessionEvents(null, null)).toEqual([]);
  });
});
