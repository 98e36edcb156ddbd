import sharp from 'sharp';
import {
  type DoubleServer,
  dataUrlBytes,
  plainPicture,
  type Recorded,
  type Reply,
  startDoubleServer,
} from '../double-server.test-support.ts';

/**
 * A protocol double of the FASHN API (docs.fashn.ai "API Fundamentals", "Error Handling", the
 * `fashn` SDK's types), for tests only: `POST /v1/run` with `Authorization: Bearer <key>` and
 * `{ model_name, inputs }` answers `{ id, error: null }`; API-level errors answer the HTTP status with
 * `{ error: 'RateLimitExceeded' | 'UnauthorizedAccess' | ..., message }` and no id. `GET /v1/status/{id}`
 * answers `{ id, status, output, error }` with status `starting`, `in_queue`, `processing`, then
 * `completed` (output: picture URLs) or `failed` (error `{ name, message }`, e.g. ContentModerationError),
 * and the credits used in `x-fashn-credits-used`. FASHN has no cancel.
 *
 * `reframe` (docs.fashn.ai "Reframe"): `inputs.image` (URL or base64) and `inputs.aspect_ratio`, one of
 * 21:9, 1:1, 4:3, 3:2, 2:3, 5:4, 4:5, 3:4, 16:9, 9:16, both required; a missing or other value fails
 * the prediction with InputValidationError. The double expands the canvas (one of the two things
 * FASHN's model may do; it may also crop) to the ~1 MP size of that ratio, the picture scaled to fit
 * and centred, the new area a flat colour; one credit per picture.
 *
 * `model-create` (docs.fashn.ai "Model Create"): `inputs.prompt` required (a missing or blank one fails
 * the prediction with InputValidationError), `inputs.image_reference` optional (when given, a URL or
 * base64: not empty); one credit per image.
 */
const REFRAME_SIZES: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '3:4': [880, 1176],
  '4:3': [1176, 880],
  '4:5': [912, 1144],
  '5:4': [1144, 912],
  '9:16': [760, 1360],
  '16:9': [1360, 760],
  '21:9': [1568, 672],
};
const REFRAME_FILL = { r: 214, g: 206, b: 196 };
/**
 * `server-error`: the run answers 500 `{ error: 'InternalServerError' }`; `out-of-credits`: 429
 * `{ error: 'OutOfCredits' }` (docs.fashn.ai "Error Handling": the account has no credits left, and
 * stays so: it is not taken off the script);
 * `pipeline-error`: the prediction fails with `{ name: 'PipelineError' }` (FASHN's own failure while
 * running it), as the runtime errors of the same page.
 */
export type FashnScript =
  | 'ok'
  | 'moderation'
  | 'pose'
  | 'rate-limited'
  | 'hang'
  | 'server-error'
  | 'out-of-credits'
  | 'pipeline-error';

export interface FashnDouble extends DoubleServer {
  /** Base URL as FASHN_BASE_URL (with /v1). */
  base: string;
  runs: Array<{ model_name: string; inputs: Record<string, unknown> }>;
  /** The status requests made for predictions that never end (`hang`). */
  polls(): number;
  /** What the next predictions do (the script given at start, consumed in order): a test may refill it. */
  script: FashnScript[];
}

export async function startFashnDouble(
  options: {
    key?: string;
    /** One entry per prediction, in order; `ok` after the list. */
    script?: FashnScript[];
    /** The picture a prediction makes from its inputs (default: a plain picture). */
    picture?: (inputs: Record<string, unknown>, decode: (url: unknown) => Buffer | null, model: string) => Promise<Buffer>;
  } = {},
): Promise<FashnDouble> {
  const key = options.key ?? 'fashn-test-key';
  const script = [...(options.script ?? [])];
  const predictions = new Map<string, { script: FashnScript; model: string; inputs: Record<string, unknown>; samples: number }>();
  const pictures = new Map<string, Buffer>();
  const runs: FashnDouble['runs'] = [];
  let seq = 0;
  let hangPolls = 0;
  let limited = false;
  const server = await startDoubleServer(async (req: Recorded, url): Promise<Reply> => {
    if (req.method === 'GET' && url.pathname.startsWith('/pictures/'))
      return { status: 200, raw: pictures.get(url.pathname.slice(10)) ?? Buffer.alloc(0), type: 'image/png' };
    if (req.headers.authorization !== `Bearer ${key}`)
      return { status: 401, body: { error: 'UnauthorizedAccess', message: 'Unauthorized: Invalid token' } };
    if (req.method === 'POST' && url.pathname === '/v1/run') {
      const next = script[0] ?? 'ok';
      if (next === 'rate-limited' && !limited) {
        limited = true;
        return {
          status: 429,
          headers: { 'retry-after': '0' },
          body: { error: 'RateLimitExceeded', message: 'Too many requests in the window' },
        };
      }
      // An account out of credits stays so (every retry, every task) until the script is done with it.
      if (next !== 'out-of-credits') script.shift();
      if (next === 'server-error')
        return { status: 500, body: { error: 'InternalServerError', message: 'An unexpected error occurred on our end' } };
      if (next === 'out-of-credits')
        return {
          status: 429,
          headers: { 'retry-after': '0' },
          body: { error: 'OutOfCredits', message: 'Your API account has run out of credits' },
        };
      const body = req.body as { model_name?: string; inputs?: Record<string, unknown> };
      if (!body?.model_name || !body.inputs)
        return { status: 400, body: { error: 'BadRequest', message: 'Invalid request format' } };
      runs.push({ model_name: body.model_name, inputs: body.inputs });
      const id = `pred-${++seq}`;
      const samples = typeof body.inputs.num_samples === 'number' ? body.inputs.num_samples : 1;
      predictions.set(id, { script: next, model: body.model_name, inputs: body.inputs, samples });
      return { status: 200, body: { id, error: null } };
    }
    const status = /^\/v1\/status\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && status) {
      const id = decodeURIComponent(status[1] ?? '');
      const p = predictions.get(id);
      if (!p) return { status: 404, body: { error: 'NotFound', message: 'Resource not found' } };
      if (p.script === 'hang') {
        hangPolls++;
        return { status: 200, body: { id, status: hangPolls % 2 ? 'in_queue' : 'processing', output: null, error: null } };
      }
      /** A prediction that ran and failed, with FASHN's runtime error. */
      const failed = (name: string, message: string): Reply => ({
        status: 200,
        body: { id, status: 'failed', output: null, error: { name, message } },
      });
      if (p.script === 'pipeline-error') return failed('PipelineError', 'An unexpected error occurred in the pipeline');
      if (p.script === 'moderation') return failed('ContentModerationError', 'Prohibited content detected in the garment image');
      if (p.script === 'pose') return failed('PoseError', 'Unable to detect body pose in model image');
      // A picture as FASHN would fetch it: a data URL, or one this double made.
      const decode = (u: unknown) =>
        typeof u !== 'string'
          ? null
          : u.startsWith(`${server.url}/pictures/`)
            ? (pictures.get(u.slice(server.url.length + 10)) ?? null)
            : dataUrlBytes(u);
      if (p.model === 'reframe') {
        const size = REFRAME_SIZES[String(p.inputs.aspect_ratio)];
        const source = decode(p.inputs.image);
        if (!size || !source) return failed('InputValidationError', 'image and a supported aspect_ratio are required');
        const name = `${id}-0.png`;
        pictures.set(
          name,
          await sharp(source).resize(size[0], size[1], { fit: 'contain', background: REFRAME_FILL }).png().toBuffer(),
        );
        return {
          status: 200,
          headers: { 'x-fashn-credits-used': '1' },
          body: { id, status: 'completed', output: [`${server.url}/pictures/${name}`], error: null },
        };
      }
      if (
        p.model === 'model-create' &&
        (typeof p.inputs.prompt !== 'string' ||
          !p.inputs.prompt.trim() ||
          ('image_reference' in p.inputs && !(typeof p.inputs.image_reference === 'string' && p.inputs.image_reference)))
      )
        return failed('InputValidationError', 'prompt is required; image_reference must not be empty');
      const output: string[] = [];
      for (let i = 0; i < p.samples; i++) {
        const name = `${id}-${i}.png`;
        pictures.set(name, options.picture ? await options.picture(p.inputs, decode, p.model) : await plainPicture());
        output.push(`${server.url}/pictures/${name}`);
      }
      return {
        status: 200,
        headers: { 'x-fashn-credits-used': String(p.samples) },
        body: { id, status: 'completed', output, error: null },
      };
    }
    return { status: 404, body: { error: 'NotFound', message: 'Resource not found' } };
  });
  return Object.assign(server, { base: `${server.url}/v1`, runs, polls: () => hangPolls, script });
}
