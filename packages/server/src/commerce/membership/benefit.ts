import type { BenefitPackage, Tier } from '@productimage/core';
import { compiledQuery } from '../../platform/db/compiled-query.ts';
import type { Db } from '../../platform/db/index.ts';
import { readCache } from '../../platform/db/read-cache.ts';
import { balanceFigures, spendableBalancesOf } from '../points/balance.ts';
import { runningPackage } from './subscriptions.ts';

const benefitRows = compiledQuery((db, p: { userId: string; now: number }) =>
  db
    .selectFrom(balanceFigures(db, p.userId, p.now).as('points'))
    .leftJoin('subscriptions', (join) =>
      join
        .on('subscriptions.user_id', '=', p.userId)
        .on('subscriptions.status', '=', 'active')
        .on('subscriptions.end_at', '>', p.now),
    )
    .select([
      'subscriptions.tier as tier',
      'subscriptions.start_at as start_at',
      'subscriptions.end_at as end_at',
      'points.balance as balance',
      'points.lapsed as lapsed',
      'points.nextLapse as nextLapse',
    ]),
);

/**
 * The user's benefit package as clients see it (API.md `benefitPackage`): spendable points, the
 * end of the current paid package (renewals included) and its tier, from the subscriptions, with
 * the moment the answer stops being true without a write (a subscription starts or ends, points
 * lapse). One query (it is part of the hot GET /api/user/current, issue 16): the points domain's
 * balance figures (one row) joined to the live subscriptions.
 */
export async function readBenefitPackage(db: Db, userId: string): Promise<{ value: BenefitPackage; until: number }> {
  const now = Date.now();
  const rows = await benefitRows(db, { userId, now });
  const first = rows[0];
  const balance = Math.max(0, Number(first?.balance ?? 0) - Number(first?.lapsed ?? 0));
  const live = rows.flatMap((r) =>
    r.tier !== null && r.start_at !== null && r.end_at !== null ? [{ tier: r.tier, start_at: r.start_at, end_at: r.end_at }] : [],
  );
  const current = runningPackage(live, now);
  const boundaries = [...live.flatMap((s) => [s.start_at, s.end_at]), Number(first?.nextLapse ?? Number.POSITIVE_INFINITY)];
  return {
    value: { remainBeanCount: balance, endTime: current.endTime, product: { productType: current.tier } },
    until: Math.min(...boundaries.filter((t) => t > now)),
  };
}

const benefitCache = readCache<BenefitPackage>();

/**
 * The benefit package (readBenefitPackage). On SQLite the answer is kept until anything is written
 * to the database or its moment passes (db/read-cache.ts); on PostgreSQL, where worker processes
 * change points, it is read every time.
 */
export function getBenefitPackage(db: Db, userId: string): BenefitPackage | Promise<BenefitPackage> {
  return benefitCache(db, userId, () => readBenefitPackage(db, userId));
}

/**
 * The tier running now and the spendable points of several users (a console page of users), in three
 * queries whatever the page size: the same figures as their benefit packages.
 */
export async function tiersAndPointsOf(db: Db, userIds: string[]): Promise<Map<string, { tier: Tier; points: number }>> {
  if (!userIds.length) return new Map();
  const now = Date.now();
  const [points, live] = await Promise.all([
    spendableBalancesOf(db, userIds, now),
    db
      .selectFrom('subscriptions')
      .select(['user_id', 'tier', 'start_at', 'end_at'])
      .where('user_id', 'in', userIds)
      .where('status', '=', 'active')
      .where('end_at', '>', now)
      .execute(),
  ]);
  return new Map(
    userIds.map((id) => [
      id,
      {
        tier: runningPackage(
          live.filter((s) => s.user_id === id),
          now,
        ).tier,
        points: points.get(id) ?? 0,
      },
    ]),
  );
}
