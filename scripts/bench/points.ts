import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// Commerce's sign-up grant for the accounts made here (the composition root registers it).
import '../../packages/server/src/app/account-events.ts';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { grantPoints } from '../../packages/server/src/commerce/points/grants.ts';
import { charge } from '../../packages/server/src/commerce/points/ledger.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { createDb, type Db } from '../../packages/server/src/platform/db/index.ts';
import { writeTransaction } from '../../packages/server/src/platform/db/transaction.ts';

/**
 * 1,000 concurrent charges of 10 points on one account holding 7,500: exactly 750 must succeed,
 * 250 must be refused with notEnoughCoins, and the balance must end at 0 and equal the sum of the
 * ledger. Prints charges per second for SQLite and (when it answers) PostgreSQL.
 */
const CHARGES = 1000;
const COST = 10;
const GRANT = 7000; // plus the 500 free grant
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function run(name: string, db: Db) {
  const userId = await createUser(db, { phone: `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}` });
  await writeTransaction(db, (trx) =>
    grantPoints(trx, { userId, amount: GRANT, kind: 'topup', reason: 'admin_adjust', refType: 'bench', refId: userId }),
  );
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: CHARGES }, (_, i) => charge(db, { userId, cost: COST, refType: 'bench', refId: `${userId}:${i}` })),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  const refused = results.filter(
    (r) => r.status === 'rejected' && (r.reason as { key?: string }).key === 'notEnoughCoins',
  ).length;
  const other = results.filter((r) => r.status === 'rejected' && (r.reason as { key?: string }).key !== 'notEnoughCoins');
  const account = await db.selectFrom('point_accounts').select('balance').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const sum = await db
    .selectFrom('point_ledger')
    .select((eb) => eb.fn.sum<number>('delta').as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const expected = (500 + GRANT) / COST;
  const good =
    ok === expected && refused === CHARGES - expected && other.length === 0 && account.balance === 0 && Number(sum.n) === 0;
  console.log(
    `${name.padEnd(10)} ${CHARGES} concurrent charges in ${seconds.toFixed(2)} s = ${(CHARGES / seconds).toFixed(0)} charges/s; ` +
      `charged ${ok}, refused ${refused}, errors ${other.length}; balance ${account.balance}, ledger sum ${Number(sum.n)}: ${good ? 'CHECK OK' : 'CHECK FAILED'}`,
  );
  if (other[0]) console.error(other[0]);
  return good;
}

let allGood = true;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-'));
const sqlite = createDb({ dataDir, DATABASE_URL: undefined });
try {
  await migrateToLatest(sqlite);
  allGood = (await run('SQLite', sqlite)) && allGood;
} finally {
  await sqlite.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
const reachable = await admin.connect().then(
  () => true,
  () => false,
);
if (!reachable) console.log(`PostgreSQL   not reachable at ${PG_URL}: skipped`);
else {
  await admin.query(`create schema ${schema}`);
  const db = createDb({ dataDir, DATABASE_URL: PG_URL }, { pgSchema: schema });
  try {
    await migrateToLatest(db, schema);
    allGood = (await run('PostgreSQL', db)) && allGood;
  } finally {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
if (!allGood) process.exit(1);
