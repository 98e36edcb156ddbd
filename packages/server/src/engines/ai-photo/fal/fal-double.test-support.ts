import { type DoubleServer, plainPicture, type Recorded, type Reply, startDoubleServer } from '../double-server.test-support.ts';

/**
 * A protocol double of fal.ai's queue API (docs.fal.ai "Queue", `@fal-ai/client`), standing where
 * FAL_BASE_URL points: the client sends every request there with the real address in
 * `x-fal-target-url` and `Authorization: Key <FAL_KEY>`. `POST https://queue.fal.run/{model}` answers
 * `{ request_id, status: 'IN_QUEUE', queue_position, status_url, response_url, cancel_url }`;
 * `GET .../requests/{id}/status` IN_QUEUE (with queue_position), IN_PROGRESS, COMPLETED;
 * `GET .../requests/{id}` the model's output (`{ images: [{ url, content_type }] }`);
 * `PUT .../requests/{id}/cancel` `{ status: 'CANCELLATION_REQUESTED' }`. Errors: 429 with
 * Retry-After, 422 `{ detail: [{ type: 'content_policy_violation', msg }] }`.
 *
 * The Platform API's prices (docs.fal.ai "Platform APIs / Models / Pricing"): `GET
 * https://api.fal.ai/v1/models/pricing?endpoint_id=a,b` with `Authorization: Key …` answers
 * `{ prices: [{ endpoint_id, unit_price, unit, currency: 'USD' }], next_cursor: null, has_more: false }`
 * for the endpoints it knows (`prices` option).
 */
export type FalScript = 'ok' | 'moderation' | 'rate-limited' | 'hang';

export interface FalDouble extends DoubleServer {
  submitted: Array<{ model: string; input: any }>;
  canceled: string[];
}

export async function startFalDouble(
  options: {
    key?: string;
    script?: FalScript[];
    /** Published unit prices per endpoint id (USD). */
    prices?: Record<string, { unit_price: number; unit: string }>;
  } = {},
): Promise<FalDouble> {
  const key = options.key ?? 'fal-test-key';
  const script = [...(options.script ?? [])];
  const requests = new Map<string, { script: FalScript; model: string; input: any; polls: number }>();
  const pictures = new Map<string, Buffer>();
  const submitted: FalDouble['submitted'] = [];
  const canceled: string[] = [];
  let seq = 0;
  let limited = false;
  const server = await startDoubleServer(async (req: Recorded, url): Promise<Reply> => {
    if (req.method === 'GET' && url.pathname.startsWith('/files/'))
      return { status: 200, raw: pictures.get(url.pathname.slice(7)) ?? Buffer.alloc(0), type: 'image/png' };
    const target = req.headers['x-fal-target-url'];
    if (typeof target !== 'string') return { status: 400, body: { detail: 'missing x-fal-target-url' } };
    if (req.headers.authorization !== `Key ${key}`)
      return { status: 401, body: { detail: 'No user found for Key ID and Secret' } };
    const t = new URL(target);
    if (req.method === 'GET' && t.origin === 'https://api.fal.ai' && t.pathname === '/v1/models/pricing') {
      const ids = t.searchParams.getAll('endpoint_id').flatMap((v) => v.split(','));
      if (!ids.length) return { status: 422, body: { detail: 'endpoint_id is required' } };
      const prices = ids
        .filter((id) => options.prices?.[id])
        .map((id) => ({ endpoint_id: id, ...options.prices![id]!, currency: 'USD' }));
      return { status: 200, body: { prices, next_cursor: null, has_more: false } };
    }
    const parts = /^\/(.+?)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(t.pathname);
    if (!parts && req.method === 'POST') {
      const next = script[0] ?? 'ok';
      if (next === 'rate-limited' && !limited) {
        limited = true;
        return { status: 429, headers: { 'retry-after': '0' }, body: { detail: 'Rate limit exceeded' } };
      }
      script.shift();
      if (next === 'moderation')
        return {
          status: 422,
          body: {
            detail: [
              {
                loc: ['body', 'image_url'],
                msg: 'The content was flagged by the safety checker',
                type: 'content_policy_violation',
              },
            ],
          },
        };
      const model = t.pathname.slice(1);
      const id = `fal-${++seq}`;
      submitted.push({ model, input: req.body });
      requests.set(id, { script: next, model, input: req.body, polls: 0 });
      const app = model.split('/').slice(0, 2).join('/');
      const base = `${t.origin}/${app}/requests/${id}`;
      return {
        status: 200,
        body: {
          request_id: id,
          status: 'IN_QUEUE',
          queue_position: 0,
          status_url: `${base}/status`,
          response_url: base,
          cancel_url: `${base}/cancel`,
        },
      };
    }
    if (!parts) return { status: 404, body: { detail: 'Not found' } };
    const r = requests.get(parts[2] ?? '');
    if (!r) return { status: 404, body: { detail: 'Request not found' } };
    if (parts[3] === '/cancel' && req.method === 'PUT') {
      canceled.push(parts[2] ?? '');
      return { status: 202, body: { status: 'CANCELLATION_REQUESTED' } };
    }
    if (parts[3] === '/status') {
      r.polls++;
      if (r.script === 'hang') return { status: 202, body: { status: 'IN_QUEUE', queue_position: 3, request_id: parts[2] } };
      return {
        status: 200,
        body: { status: 'COMPLETED', request_id: parts[2], logs: null, response_url: target.replace(/\/status$/, '') },
      };
    }
    const n =
      typeof r.input?.num_images === 'number'
        ? r.input.num_images
        : typeof r.input?.num_samples === 'number'
          ? r.input.num_samples
          : 1;
    const images = [];
    for (let i = 0; i < n; i++) {
      const name = `${parts[2]}-${i}.png`;
      pictures.set(name, await plainPicture('#5ad87b'));
      images.push({ url: `${server.url}/files/${name}`, content_type: 'image/png' });
    }
    return { status: 200, body: { images } };
  });
  return Object.assign(server, { submitted, canceled });
}
