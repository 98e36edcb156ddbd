import type { Operator } from '../../identity/operators/operators.ts';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

/** A platform node as the calendar uses it (the shape of marketing/calendar/platform-nodes.ts). */
export interface CalendarNode {
  name: string;
  nameEn: string;
  month: number;
  day: number;
  lunar?: boolean;
  desc: { zh: string; en: string };
}

/**
 * The marketing calendar's platform nodes (shop campaigns: 618, Double 11...). The built-in list
 * (marketing/calendar/platform-nodes.ts) holds until platform operators save a list in the console;
 * from then on the saved list is the calendar's (the calendar asks `savedPlatformNodes`). Each
 * process keeps what it read for NODES_CACHE_MS and drops it at once after a save here, so other
 * processes follow within that time.
 */
export const NODES_CACHE_MS = 10_000;
const cache = new WeakMap<Db, { nodes: CalendarNode[] | null; until: number }>();

/** The saved list, or null while none was saved (the calendar then uses its built-in list). */
export async function savedPlatformNodes(db: Db): Promise<CalendarNode[] | null> {
  const hit = cache.get(db);
  if (hit && hit.until > Date.now()) return hit.nodes;
  const rows = await db.selectFrom('platform_nodes').selectAll().orderBy('month').orderBy('day').orderBy('id').execute();
  const nodes = rows.length
    ? rows.map((r) => ({
        name: r.name,
        nameEn: r.name_en,
        month: r.month,
        day: r.day,
        ...(r.lunar ? { lunar: true } : {}),
        desc: { zh: r.desc_zh, en: r.desc_en },
      }))
    : null;
  cache.set(db, { nodes, until: Date.now() + NODES_CACHE_MS });
  return nodes;
}

/** Replaces the list (platform operators); audited with the old and new lists' names. */
export async function savePlatformNodes(
  db: Db,
  operator: Operator,
  nodes: CalendarNode[],
  builtIn: CalendarNode[],
): Promise<void> {
  const before = (await savedPlatformNodes(db)) ?? builtIn;
  const now = Date.now();
  await writeTransaction(db, async (trx) => {
    await trx.deleteFrom('platform_nodes').execute();
    for (const n of nodes)
      await trx
        .insertInto('platform_nodes')
        .values({
          name: n.name,
          name_en: n.nameEn,
          month: n.month,
          day: n.day,
          lunar: n.lunar ? 1 : 0,
          desc_zh: n.desc.zh,
          desc_en: n.desc.en,
          updated_at: now,
        })
        .execute();
    await recordAudit(trx, {
      tenantId: operator.tenantId,
      actorId: operator.userId,
      action: 'console.platformNodes',
      detail: {
        before: before.map((n) => `${n.month}/${n.day} ${n.name}`),
        after: nodes.map((n) => `${n.month}/${n.day} ${n.name}`),
      },
    });
  });
  cache.delete(db);
}
