import { loadConfig, usesOutbox } from '../platform/config.ts';
import { openConnections } from '../platform/http/closing.ts';
import { buildApp } from './app.ts';

/** Starts the server and shuts it down gracefully on SIGINT / SIGTERM. */
const config = loadConfig();
const { app, ctx } = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
app.log.info(`InspoShot is running at http://localhost:${port}/productimage/`);
if (usesOutbox(config) && config.NODE_ENV !== 'production')
  app.log.warn(
    config.DEV_OUTBOX_TOKEN
      ? `Login codes and captcha answers are NOT sent: they go to the dev outbox, readable at http://localhost:${port}/api/dev/outbox?to=PHONE_OR_EMAIL&token=<DEV_OUTBOX_TOKEN> (with that token only). Set SMS_PROVIDER and MAIL_PROVIDER to deliver them.`
      : `Login codes and captcha answers are NOT sent: they go to the dev outbox, readable by anyone who reaches this port at http://localhost:${port}/api/dev/outbox?to=PHONE_OR_EMAIL. Set DEV_OUTBOX_TOKEN on a host others can reach, or SMS_PROVIDER and MAIL_PROVIDER to deliver them.`,
  );
// Machine-readable line for scripts and tests that start the server on port 0.
console.log(`LISTENING ${port}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const force = setTimeout(
      () => {
        // What it waits on: connections still open (server.close() waits for them) or a close hook.
        app.log.error(
          `${signal}: closing took too long, exiting (${openConnections(app.server)}; ${ctx.closing ? `waiting on ${ctx.closing}` : 'no close hook running'})`,
        );
        process.exit(1);
      },
      15_000 + config.DRAIN_SECONDS * 1000,
    );
    force.unref();
    // Drain: readiness answers 503 first, so a load balancer stops sending before we stop listening;
    // answers say Connection: close, and close() ends the connections as they go idle and the open
    // event streams (platform/http/closing.ts): a request still in flight when the drain ended kept
    // its connection open and close() waited for the forced exit (code 1) before.
    ctx.draining = true;
    if (config.DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, config.DRAIN_SECONDS * 1000));
    try {
      await app.close();
    } catch (err) {
      // Said before the exit code does: a close that fails is what a drain's caller needs to read.
      app.log.error({ err }, `${signal}: closing failed`);
      process.exit(1);
    }
    process.exit(0);
  });
}
