import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';
import { addAnsweredStep } from './send-steps.ts';

/**
 * Query parameters whose values never reach a log: secrets (tokens, codes, passwords) and personal
 * contact data (the phone number or e-mail address of captcha and dev-outbox queries).
 */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'verifycode',
  'password',
  'secret',
  'sign',
  'signature',
  'mobileid',
  'to',
  'phone',
  'email',
  'mail',
]);
const CENSOR = '[redacted]';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const [key] of params) {
    if (!SECRET_PARAMS.has(key.toLowerCase())) continue;
    params.set(key, CENSOR);
    changed = true;
  }
  return changed ? `${url.slice(0, q)}?${params}` : url;
}

/** How long a log line may wait in the stdout buffer before it is written. */
export const LOG_FLUSH_MS = 250;

/**
 * stdout through a buffer: one write per 4 KB of lines instead of one per line, flushed at least
 * every LOG_FLUSH_MS and on exit (pino registers that for asynchronous destinations). A synchronous
 * write per request line cost the hot path about 5 % of its time (issue 16); what a kill -9 can lose
 * is the last quarter second of lines.
 */
let stdout: ReturnType<typeof pino.destination> | undefined;

function bufferedStdout() {
  if (stdout) return stdout; // one per process, whatever number of apps it builds (tests)
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    // flush() throws while the stream is still opening or already closed: nothing to write then.
    try {
      destination.flush();
    } catch {}
  }, LOG_FLUSH_MS).unref();
  stdout = destination;
  return destination;
}

/**
 * Fastify's logger options: request lines as Fastify writes them but with secret query values
 * replaced, and credentials redacted wherever a log call includes headers.
 */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    stream: stream ?? bufferedStdout(),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: CENSOR,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

type Bindings = Record<string, unknown>;

const levelValSym: symbol = pino.symbols.levelValSym;
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * The request's logger (`request.log`) as Fastify's child logger with the request id, made only
 * when something logs through it. Fastify made a pino child for every request (0.8 µs of the hot
 * path's 41, issue 48), and nearly every request logs nothing: successful answers log at debug.
 * The lines are the same: the child is made with the same bindings on the first call.
 */
class LazyRequestLogger {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #made: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    // Without options: pino's child (lazyRequestLoggers).
    this.#made ??= this.#parent.child(this.#bindings);
    return this.#made;
  }

  get level() {
    return (this.#made ?? this.#parent).level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  /**
   * The level's number (pino's `levelVal`): the child inherits its parent's level. Read by pino's
   * symbol here rather than through pino's getter, which every pino logger of the process shares
   * (a lookup by symbol on loggers of many shapes, about 0.1k instructions a call).
   */
  get levelVal(): number {
    return ((this.#made ?? this.#parent) as unknown as Record<symbol, number>)[levelValSym] as number;
  }
  /** Whether a line at this level is written: the child inherits its parent's level. */
  isLevelEnabled(level: string): boolean {
    return ((this.#made ?? this.#parent) as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);
  }
  fatal(...args: LogArgs) {
    this.#logger().fatal(...args);
  }
  error(...args: LogArgs) {
    this.#logger().error(...args);
  }
  warn(...args: LogArgs) {
    this.#logger().warn(...args);
  }
  info(...args: LogArgs) {
    this.#logger().info(...args);
  }
  debug(...args: LogArgs) {
    this.#logger().debug(...args);
  }
  trace(...args: LogArgs) {
    this.#logger().trace(...args);
  }
  silent(...args: LogArgs) {
    this.#logger().silent(...args);
  }
  child(bindings: Bindings, options?: object) {
    return this.#logger().child(bindings, options);
  }
  bindings(): Bindings {
    return (this.#logger() as unknown as { bindings(): Bindings }).bindings();
  }
  flush(callback?: (error?: Error) => void) {
    (this.#logger() as unknown as { flush(cb?: (error?: Error) => void): void }).flush(callback);
  }
}

/** Whether an object has no own or inherited enumerable key, without the array `Object.keys` makes. */
function isEmpty(object: object): boolean {
  for (const _key in object) return false;
  return true;
}

/**
 * Makes request loggers lazy (`LazyRequestLogger`): `child(bindings, {})` on the app's logger, as
 * Fastify calls it for every request, gives a lazy logger; a child with options (a route's own
 * log level or serializers, none now) or without them (`child(bindings)`, as other code calls it)
 * is pino's, at once, as before. Done on the logger's `child` rather than with Fastify's
 * `childLoggerFactory` option: with a factory of its own, Fastify checks the child's seven methods
 * on every request (`validateLogger`: an array, a closure, seven loads), with its default factory
 * (which calls `logger.child`) it does not (issue 48). pino's children inherit the method from
 * their parent (`Object.create`), and it uses `this`, so theirs work the same way.
 */
export function lazyRequestLoggers(log: FastifyBaseLogger) {
  const pinoChild = (
    log as unknown as { child: (this: FastifyBaseLogger, bindings: Bindings, options?: object) => FastifyBaseLogger }
  ).child;
  Object.defineProperty(log, 'child', {
    value: function child(this: FastifyBaseLogger, bindings: Bindings, options?: object): FastifyBaseLogger {
      if (options === undefined || !isEmpty(options)) return pinoChild.call(this, bindings, options);
      return new LazyRequestLogger(this, bindings) as unknown as FastifyBaseLogger;
    },
    writable: true,
    configurable: true,
  });
}

/** pino's numbers of the request line's levels. */
const LEVEL_VALUES: Record<'warn' | 'info' | 'debug', number> = {
  debug: pino.levels.values.debug as number,
  info: pino.levels.values.info as number,
  warn: pino.levels.values.warn as number,
};

/** Requests slower than this are logged at warn, so they stand out at any level down to warn. */
export const SLOW_REQUEST_MS = 1000;

/** The level of a request's line: answers that went wrong at info, slow ones at warn, the rest at debug. */
export function requestLogLevel(statusCode: number, ms: number): 'warn' | 'info' | 'debug' {
  if (ms >= SLOW_REQUEST_MS) return 'warn';
  return statusCode >= 400 ? 'info' : 'debug';
}

/**
 * One line per request when it is answered, instead of Fastify's two (incoming + completed, each
 * through the request serializer): logging was a quarter of a trivial route's time (issue 16).
 * Successful answers are logged at debug (`LOG_LEVEL=debug` shows every request): at the shipped
 * info level a line per request was 8 % of the hot path's time, and what an operator looks for at
 * info is what went wrong (4xx and 5xx answers) or was slow (warn). Needs Fastify's request logging
 * off (`logController: new LogController({ disableRequestLogging: true })`). Errors are logged by the
 * error handler as before.
 */
export function installRequestLog(app: FastifyInstance) {
  addAnsweredStep(app, (request, reply, ms) => {
    const level = requestLogLevel(reply.statusCode, ms);
    // Skips building the line when its level is off: pino writes a line whose level's number is at
    // least the logger's `levelVal` (Infinity when silent). A compare of two numbers instead of
    // pino's isLevelEnabled, which looks the level up by name on every call (issue 48).
    if (LEVEL_VALUES[level] >= (request.log as unknown as { levelVal: number }).levelVal) {
      const line = { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms: Math.round(ms) };
      request.log[level](line, level === 'warn' ? 'slow request' : 'request');
    }
  });
}
