import type { Server } from 'node:http';
import type { Socket } from 'node:net';
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
 *   and every connection is closed as soon as it is answering no request, until the server has closed.
 *   Node's `closeIdleConnections()` is not enough: a connection that was opened but has sent no
 *   request yet (a browser's or a balancer's spare one, made ahead of need) does not count as idle
 *   to it, and `server.close()` waits for it as long as the client keeps it (scale-out.e2e's drain
 *   journey, exit 1 after the forced 15 s in four CI runs of 2026/12).
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
  const open = new Set<Socket>();
  connectionsOf.set(app.server, open);
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', (done) => {
    endStreams(ctx);
    const closeQuiet = () => {
      for (const socket of open) if (!answering(socket)) socket.destroy();
    };
    closeQuiet();
    const sweep = setInterval(closeQuiet, 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    done();
  });
}

/** The connections of each server (installClosing). */
const connectionsOf = new WeakMap<Server, Set<Socket>>();

/** The request a connection is answering, if any (Node sets `socket._httpMessage` to its response). */
function answering(socket: Socket): { method?: string; url?: string } | undefined {
  return (socket as Socket & { _httpMessage?: { req?: { method?: string; url?: string } } })._httpMessage?.req;
}

/**
 * What a server's connections are doing, for a shutdown that waits too long to say (app/index.ts):
 * how many are open and which requests they are answering.
 */
export function openConnections(server: Server): string {
  const sockets = [...(connectionsOf.get(server) ?? [])];
  const requests = sockets.flatMap((socket) => {
    const req = answering(socket);
    return req ? [`${req.method} ${req.url?.split('?')[0]}`] : [];
  });
  return `${sockets.length} connections open${requests.length ? `, answering ${requests.join(', ')}` : ''}`;
}
