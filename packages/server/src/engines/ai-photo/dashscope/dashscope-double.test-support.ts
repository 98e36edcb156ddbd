import { type DoubleServer, plainPicture, type Recorded, type Reply, startDoubleServer } from '../double-server.test-support.ts';

/**
 * A protocol double of Alibaba Cloud Model Studio's asynchronous image API (help.aliyun.com
 * "AI试衣 API 参考" aitryon / aitryon-plus, "鞋靴模特 API" shoemodel-v1, wanx image edit and
 * background generation, "查询任务结果"), for tests only. A task is created by
 * `POST /api/v1/services/aigc/...` with `Authorization: Bearer <key>` and `X-DashScope-Async: enable`
 * (without it: 400 `{ code: 'InvalidParameter' }`), answering `{ output: { task_id, task_status:
 * 'PENDING' }, request_id }`. `GET /api/v1/tasks/{id}` answers PENDING, RUNNING, then SUCCEEDED with
 * `image_url` (try-on) or `results: [{ url }]` and `usage: { image_count }`, or FAILED with
 * `output.code/message`. `POST /api/v1/tasks/{id}/cancel` cancels a PENDING task (CANCELED). Errors:
 * 400 `DataInspectionFailed` (content moderation), 429 `Throttling.RateQuota`, each `{ code, message, request_id }`.
 */
export type DashScopeScript = 'ok' | 'moderation' | 'throttled' | 'failed' | 'hang';

export interface DashScopeDouble extends DoubleServer {
  /** Created tasks: the path and body they were created with. */
  created: Array<{ path: string; body: any }>;
  canceled: string[];
}

export async function startDashScopeDouble(
  options: { key?: string; script?: DashScopeScript[]; picture?: (body: any) => Promise<Buffer> } = {},
): Promise<DashScopeDouble> {
  const key = options.key ?? 'sk-dashscope-test';
  const script = [...(options.script ?? [])];
  const tasks = new Map<string, { script: DashScopeScript; body: any; polls: number; canceled: boolean }>();
  const pictures = new Map<string, Buffer>();
  const created: DashScopeDouble['created'] = [];
  const canceled: string[] = [];
  let seq = 0;
  let throttled = false;
  const rid = () => `req-${Math.random().toString(16).slice(2, 10)}`;
  const server = await startDoubleServer(async (req: Recorded, url): Promise<Reply> => {
    if (req.method === 'GET' && url.pathname.startsWith('/oss/'))
      return { status: 200, raw: pictures.get(url.pathname.slice(5)) ?? Buffer.alloc(0), type: 'image/png' };
    if (req.headers.authorization !== `Bearer ${key}`)
      return { status: 401, body: { code: 'InvalidApiKey', message: 'Invalid API-key provided.', request_id: rid() } };
    if (req.method === 'POST' && url.pathname.startsWith('/api/v1/services/aigc/')) {
      if (req.headers['x-dashscope-async'] !== 'enable')
        return {
          status: 400,
          body: { code: 'InvalidParameter', message: 'current user api does not support synchronous calls', request_id: rid() },
        };
      const next = script[0] ?? 'ok';
      if (next === 'throttled' && !throttled) {
        throttled = true;
        return {
          status: 429,
          headers: { 'retry-after': '0' },
          body: {
            code: 'Throttling.RateQuota',
            message: 'Requests rate limit exceeded, please try again later.',
            request_id: rid(),
          },
        };
      }
      script.shift();
      if (next === 'moderation')
        return {
          status: 400,
          body: { code: 'DataInspectionFailed', message: 'Input data may contain inappropriate content.', request_id: rid() },
        };
      const id = `task-${++seq}`;
      created.push({ path: url.pathname, body: req.body });
      tasks.set(id, { script: next, body: req.body, polls: 0, canceled: false });
      return { status: 200, body: { output: { task_id: id, task_status: 'PENDING' }, request_id: rid() } };
    }
    const cancel = /^\/api\/v1\/tasks\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel) {
      const t = tasks.get(cancel[1] ?? '');
      if (!t) return { status: 404, body: { code: 'NotFound', message: 'task not found', request_id: rid() } };
      t.canceled = true;
      canceled.push(cancel[1] ?? '');
      return { status: 200, body: { request_id: rid() } };
    }
    const query = /^\/api\/v1\/tasks\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && query) {
      const id = query[1] ?? '';
      const t = tasks.get(id);
      if (!t) return { status: 404, body: { code: 'NotFound', message: 'task not found', request_id: rid() } };
      t.polls++;
      const base = { task_id: id, submit_time: '2026-11-26 10:00:00.000' };
      if (t.canceled) return { status: 200, body: { output: { ...base, task_status: 'CANCELED' }, request_id: rid() } };
      if (t.script === 'hang')
        return {
          status: 200,
          body: { output: { ...base, task_status: t.polls > 1 ? 'RUNNING' : 'PENDING' }, request_id: rid() },
        };
      if (t.script === 'failed')
        return {
          status: 200,
          body: {
            output: { ...base, task_status: 'FAILED', code: 'InternalError.Algo', message: 'Algorithm process error.' },
            request_id: rid(),
          },
        };
      const n = typeof t.body?.parameters?.n === 'number' ? t.body.parameters.n : 1;
      const urls: string[] = [];
      for (let i = 0; i < (t.body?.model?.startsWith('aitryon') ? 1 : n); i++) {
        const name = `${id}-${i}.png`;
        pictures.set(name, options.picture ? await options.picture(t.body) : await plainPicture('#d87b5a'));
        urls.push(`${server.url}/oss/${name}?Expires=1`);
      }
      const tryOn = t.body?.model?.startsWith('aitryon');
      return {
        status: 200,
        body: {
          output: {
            ...base,
            task_status: 'SUCCEEDED',
            ...(tryOn ? { image_url: urls[0] } : { results: urls.map((u) => ({ url: u })) }),
          },
          usage: { image_count: urls.length },
          request_id: rid(),
        },
      };
    }
    return { status: 404, body: { code: 'NotFound', message: 'not found', request_id: rid() } };
  });
  return Object.assign(server, { created, canceled });
}
