// Runs DailyHotApi (npm `dailyhot-api`, MIT) as the embedded hot-list feed beside the product
// (docs/marketing.md). Started by embedded-feed.ts with PORT; no log files, no Redis (its in-memory
// cache is used). Prints "listening" once the port is open.
process.env.USE_LOG_FILE = 'false';
process.env.REDIS_HOST = '127.0.0.1';
process.env.REDIS_PORT = '1';
process.env.NODE_ENV = 'production';
const { default: serveHotApi } = await import('dailyhot-api');
const port = Number(process.argv[2] ?? process.env.DAILYHOT_PORT);
const server = serveHotApi(port);
server?.on?.('listening', () => process.stdout.write('listening\n'));
