import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { listLedger } from './history.ts';
import { ledgerPageSchema } from './schemas.ts';

const page = pagingQuery();

/** Points routes under /api/points (API.md "Points, membership, orders"). */
export async function pointsRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/points/ledger',
    {
      schema: {
        tags: ['points'],
        summary: "The user's points ledger, newest first",
        querystring: page,
        response: { 200: envelopeOf(ledgerPageSchema) },
      },
    },
    async (request) => ok(await listLedger(ctx.db, requireUser(request).id, request.query)),
  );
}
