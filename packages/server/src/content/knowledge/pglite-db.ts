import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

/**
 * Tests only: Kysely over PGlite (PostgreSQL compiled to WASM, in process), so SQL that needs an
 * extension this machine's PostgreSQL lacks (pgvector) runs against the real thing. Kysely's own
 * PostgresDialect drives it through a pool-shaped adapter: one PGlite connection, handed out to one
 * holder at a time (a transaction keeps it until it ends), `pg`-style results.
 */
export function pgliteDb(pglite: PGlite): Db {
  let queue: Promise<void> = Promise.resolve();
  const pool = {
    async connect() {
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      const ready = queue;
      queue = queue.then(() => held);
      await ready;
      return {
        async query(text: string, params: unknown[] = []) {
          const result = await pglite.query<Record<string, unknown>>(text, params);
          return {
            rows: result.rows,
            rowCount: result.affectedRows ?? result.rows.length,
            command: text.trim().split(/\s+/, 1)[0]!.toUpperCase(),
          };
        },
        release,
      };
    },
    async end() {},
  };
  return new Kysely({ dialect: new PostgresDialect({ pool: pool as never }) });
}
