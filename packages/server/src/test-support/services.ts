import net from 'node:net';

/**
 * Whether the optional real services answer. Tests that need them run whenever they do; with
 * REQUIRE_SERVICES=1 (set by .ci/run) a missing service fails the run instead of skipping.
 */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function check(name: string, url: string): Promise<boolean> {
  const up = await reachable(url);
  if (!up) {
    if (process.env.REQUIRE_SERVICES === '1')
      throw new Error(`${name} is required (REQUIRE_SERVICES=1) but ${url} does not answer`);
    console.warn(`NOTICE: ${name} at ${url} does not answer; its tests are skipped on this machine.`);
  }
  return up;
}

export const postgresAvailable = await check('PostgreSQL', PG_URL);
export const redisAvailable = await check('Redis', REDIS_URL);
