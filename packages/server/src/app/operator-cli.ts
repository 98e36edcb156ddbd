import { grantOperator, revokeOperator } from '../identity/operators/operators.ts';
import { loadConfig } from '../platform/config.ts';
import { createDb } from '../platform/db/index.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * `npm run operator -- <phone-or-email>` makes an existing account an operator of its own tenant;
 * `npm run operator -- --remove <phone-or-email>` takes the rights away. Uses the same
 * configuration as the server (DATA_DIR / DATABASE_URL).
 */
const args = process.argv.slice(2);
const remove = args.includes('--remove');
const account = args.find((a) => !a.startsWith('--'));
if (!account) {
  console.error('usage: npm run operator -- [--remove] <phone-or-email>');
  process.exit(2);
}
const db = createDb(loadConfig());
try {
  await migrateToLatest(db);
  if (remove) {
    console.log((await revokeOperator(db, account)) ? `${account} is no longer an operator` : `${account} was not an operator`);
  } else {
    const granted = await grantOperator(db, account);
    if (!granted) {
      console.error(`no account ${account}: register it first`);
      process.exitCode = 1;
    } else console.log(`${account} is now an operator of tenant ${granted.tenantId}`);
  }
} finally {
  await db.destroy();
}
