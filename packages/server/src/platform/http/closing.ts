import type { FastifyInstance } from 'fastify';
import { replyHeaders } from './fastify-internals.ts';
import { switchableSendStep } from './send-steps.ts';
import { endStreams } from './sse.ts';

/**
 * Lets a stopping process close its connections (the drain, app/index.ts; docs/scaling.md). Node's
 * `server.close()` waits for every connection to end, and Fastify closes only those idle at that
 * moment. A request still being answered then (a balancer's last one, arriving at the end of the
 * drain; on a loaded machine the drain journey's own) left its kept-alive connection open after its
 * answer, and the client keeps one up to the 72 s Fastify announces: `app.close()` waited for it until
 * the forced exit 15 s later, code 1 (scale-out.e2e's drain journey, once in a CI run at load 9). An
 * open event stream never ended at all. So:
 * - while draining, every answer says `Connection: close`: the client's next request opens a new
 *   connection, which the balancer gives to a process that is ready;
 * - when closing starts, open event streams end (their clients resume with Last-Event-ID elsewhere),
 *   and connections are closed as soon as they are idle, until the server has closed.
 *
 * `ctx.draining` stays a plain flag to its readers and writers (readiness, app/index.ts), but setting
 * it switches the `Connection: close` step on or off: answers outside a drain do not pay a step that
 * only reads the flag (issue 48: GET /api/user/current).
 */
export function installClosing(app: FastifyInstance, ctx: { draining: boolean }) {
  const closeConnections = switchableSendStep(app, (_request, reply, payload) => {
    replyHeaders(reply).connection = 'close';
    return payload;
  });
  let draining = ctx.draining;
  closeConnections(draining);
  Object.defineProperty(ctx, 'draining', {
    get: () => draining,
    set: (value: boolean) => {
      draining = value;
      closeConnections(value);
    },
    enumerable: true,
    configurable: true,
  });
  app.addHook('preClose', (done) => {
    endStreams(ctx);
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });
}
