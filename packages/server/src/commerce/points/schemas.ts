import { LEDGER_REASONS } from '@productimage/core';
import { z } from 'zod';
import { pageOf } from '../../platform/http/envelope-schema.ts';

/** One points ledger row (GET /api/points/ledger). */
export const ledgerEntrySchema = z
  .object({
    id: z.number(),
    delta: z.number(),
    reason: z.enum(LEDGER_REASONS),
    refType: z.string(),
    refId: z.string(),
    balanceAfter: z.number(),
    note: z.string().nullable(),
    /** What the points went to or came back from: a business type, AGENT_ANSWER, or null (grants, orders). */
    tool: z.string().nullable(),
    /** Rows this line stands for: a batch's item charges (or its refunds) are one line; 1 otherwise. */
    count: z.number(),
    createdAt: z.number(),
  })
  .meta({ id: 'LedgerEntry' });

export const ledgerPageSchema = pageOf(ledgerEntrySchema).meta({ id: 'LedgerPage' });
