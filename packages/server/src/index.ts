import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** Starts the server and shuts it down gracefully on SIGINT / SIGTERM. */
const config = loadConfig();
const { app } = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
app.log.info(`InspoShot is running at http://localhost:${port}/productimage/`);
// Machine-readable line for scripts and tests that start the server on port 0.
console.log(`LISTENING ${port}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  });
}
