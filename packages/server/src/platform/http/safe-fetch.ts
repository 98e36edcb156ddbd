import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Fetches a user-supplied URL from the server without letting it reach the server's own network
 * (SSRF): only http and https, every resolved address checked against private, loopback,
 * link-local, multicast and reserved ranges at connect time (so DNS rebinding cannot slip past a
 * check made earlier), every redirect checked again, an overall time-out and a size cap.
 * Reusable by any domain that fetches links (knowledge links, rewrite tools, hotspot imports).
 */
export interface SafeFetchOptions {
  /** Whole exchange, redirects included. */
  timeoutMs?: number;
  /** Body bytes; a larger body is refused, not truncated. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Sent as Accept. */
  accept?: string;
  /** GET unless given (webhook deliveries POST a signed JSON body). */
  method?: 'GET' | 'POST';
  body?: string | Buffer;
  /** Extra request headers (content type, signatures). */
  headers?: Record<string, string>;
  /**
   * Test hook: lets one otherwise refused address through (e.g. a test server on 127.0.0.1).
   * Never set from user input.
   */
  allowAddress?: (address: string, port: number) => boolean;
}

export interface SafeFetchResult {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export type SafeFetchFailure = 'scheme' | 'address' | 'timeout' | 'tooLarge' | 'status' | 'redirects' | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    /** The HTTP status, for reason 'status'. */
    readonly status?: number,
  ) {
    super(message);
  }
}

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/**
 * True for addresses a user-supplied link must never reach. An IPv6 address that carries an IPv4
 * address is judged by that IPv4 address too (issue 26): IPv4-mapped `::ffff:a.b.c.d` (also in hex,
 * `::ffff:7f00:1`), IPv4-compatible `::a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, 6to4
 * `2002:AABB:CCDD::` and ISATAP `...:5efe:a.b.c.d`; NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`) and
 * Teredo (`2001::/32`, whose IPv4 part is obfuscated) are refused whole.
 */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true;
  const words = ipv6Words(bare);
  if (!words) return true;
  const embedded = embeddedIpv4(words);
  if (embedded && blocked.check(embedded, 'ipv4')) return true;
  return blocked.check(bare, 'ipv6');
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const words = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address carries, for the forms that carry one in the clear. */
function embeddedIpv4(w: number[]): string | null {
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  // ::a.b.c.d (compatible) and ::ffff:a.b.c.d (mapped)
  if (zero(0, 5) && (w[5] === 0 || w[5] === 0xffff)) return quad(w[6] as number, w[7] as number);
  // ::ffff:0:a.b.c.d (translated)
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return quad(w[6] as number, w[7] as number);
  // 2002:AABB:CCDD::/48 (6to4)
  if (w[0] === 0x2002) return quad(w[1] as number, w[2] as number);
  // ISATAP interface identifier: 0000:5efe or 0200:5efe, then the IPv4 address
  if (((w[4] as number) & 0xfdff) === 0 && w[5] === 0x5efe) return quad(w[6] as number, w[7] as number);
  return null;
}

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...options };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseUrl(rawUrl);
    for (let hop = 0; ; hop++) {
      const answer = await request(url, options, maxBytes, controller.signal);
      if (answer.redirect) {
        if (hop >= maxRedirects) throw new SafeFetchError('redirects', 'too many redirects');
        url = parseUrl(new URL(answer.redirect, url).toString());
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        throw new SafeFetchError('status', `the site answered ${answer.status}`, answer.status);
      }
      return { url: url.toString(), status: answer.status, contentType: answer.contentType, body: answer.body };
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (controller.signal.aborted) throw new SafeFetchError('timeout', 'the site did not answer in time');
    throw new SafeFetchError('network', (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('scheme', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('scheme', 'only http and https links');
  if (url.username || url.password) throw new SafeFetchError('scheme', 'links with credentials are refused');
  return url;
}

interface RawAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  redirect?: string;
}

function request(url: URL, options: SafeFetchOptions, maxBytes: number, signal: AbortSignal): Promise<RawAnswer> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const allowed = (address: string) => !isBlockedAddress(address) || options.allowAddress?.(address, port) === true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal never goes through `lookup`, so it is checked here.
  if (net.isIP(host) && !allowed(host)) {
    return Promise.reject(new SafeFetchError('address', 'private or local addresses are refused'));
  }
  // Checking inside lookup means the address we vet is the one the socket connects to.
  const lookup: net.LookupFunction = (hostname, opts, callback) => {
    dns.lookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowed(a.address));
      if (bad || list.length === 0) {
        return callback(new SafeFetchError('address', 'private or local addresses are refused'), '', 0);
      }
      if ((opts as dns.LookupOptions).all) return (callback as any)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method ?? 'GET',
        lookup,
        signal,
        agent: false,
        headers: {
          accept: options.accept ?? 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          'user-agent': 'Mozilla/5.0 (compatible; InspoShotFetcher/1.0)',
          ...options.headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ status, contentType: '', body: Buffer.alloc(0), redirect: res.headers.location });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          return reject(new SafeFetchError('tooLarge', 'the page is too large'));
        }
        const parts: Buffer[] = [];
        let size = 0;
        res.on('data', (part: Buffer) => {
          size += part.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new SafeFetchError('tooLarge', 'the page is too large'));
            return;
          }
          parts.push(part);
        });
        res.on('end', () =>
          resolve({ status, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(parts) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(error instanceof SafeFetchError ? error : unwrap(error)));
    req.end(options.body);
  });
}

/** Node wraps lookup errors; keep ours recognisable. */
function unwrap(error: Error): Error {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof SafeFetchError ? cause : error;
}
