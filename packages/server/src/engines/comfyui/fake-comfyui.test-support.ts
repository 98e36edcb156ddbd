import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * A TEST DOUBLE of a ComfyUI server, for contract tests, product tests and the bench only (no GPU
 * here). It follows ComfyUI's own source (comfyanonymous/ComfyUI server.py, execution.py, main.py):
 * - GET /ws?clientId=: JSON frames `{ type, data }`; on connect `status` with `sid`, and for the
 *   client whose prompt is running the node it is executing; binary frames are a 4-byte big-endian
 *   event type (1 = PREVIEW_IMAGE), then a 4-byte image format (1 JPEG, 2 PNG) and the image.
 * - a prompt runs as execution_start, execution_cached, per node `executing { node, display_node,
 *   prompt_id }`, `progress { value, max, prompt_id, node }` with previews while sampling, `executed
 *   { node, display_node, output, prompt_id }` for output nodes, then execution_success and
 *   `executing { node: null, prompt_id }`; failures send execution_error { prompt_id, node_id,
 *   node_type, executed, exception_message, exception_type, traceback, current_inputs,
 *   current_outputs }, a POST /interrupt sends execution_interrupted { prompt_id, node_id, node_type,
 *   executed }. Messages go only to the prompt's client_id.
 * - POST /upload/image (multipart `image`, `overwrite`) -> { name, subfolder, type: 'input' };
 *   POST /prompt { prompt, client_id } -> { prompt_id, number, node_errors }, 400 { error, node_errors }
 *   without a prompt; GET /queue -> { queue_running, queue_pending } (items [number, id, prompt,
 *   extra_data, outputs]); GET /history/{id} -> { [id]: { prompt, outputs, status: { status_str,
 *   completed, messages } } } or {}; GET /view?filename&subfolder&type; POST /queue { delete: [id] };
 *   POST /interrupt.
 */
export interface FakeComfyOptions {
  /** Milliseconds per sampling step and per other node (fixed latency for the bench). */
  stepMs?: number;
  steps?: number;
  /** How the next prompts end: taken in order, then `ok`. */
  script?: Array<'ok' | 'error' | 'drop-socket'>;
  /** HTTP status for the first N POST requests to a path (e.g. 503 while the server starts, 429 from a proxy). */
  fail?: { path: string; status: number; times: number };
  /**
   * What the i-th picture a prompt saves shows, from the pictures its LoadImage nodes loaded (a
   * workflow that re-stages the product); by default a 64 px plain colour.
   */
  paint?: (loaded: Buffer[], index: number) => Promise<Buffer>;
}

export interface FakeComfy {
  url: string;
  /** Every HTTP request: method and path. */
  requests: Array<{ method: string; path: string }>;
  /** Prompts as received (the filled API-format workflows). */
  prompts: Array<{
    id: string;
    prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }>;
    clientId: string;
  }>;
  uploads: string[];
  /** Milliseconds each prompt spent executing on the server (the bench subtracts it). */
  durations: number[];
  /** WebSocket connections made (reconnects count). */
  connections(): number;
  close(): Promise<void>;
}

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;
interface Queued {
  number: number;
  id: string;
  prompt: Graph;
  clientId: string;
  interrupted: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeComfy(options: FakeComfyOptions = {}): Promise<FakeComfy> {
  const stepMs = options.stepMs ?? 5;
  const steps = options.steps ?? 4;
  const script = [...(options.script ?? [])];
  let failures = options.fail?.times ?? 0;
  const sockets = new Map<string, WebSocket>();
  const files = new Map<string, Buffer>();
  const history: Record<string, unknown> = {};
  const pending: Queued[] = [];
  let running: Queued | null = null;
  let lastNode: string | null = null;
  let number = 0;
  let connections = 0;
  const requests: FakeComfy['requests'] = [];
  const prompts: FakeComfy['prompts'] = [];
  const uploads: string[] = [];
  const durations: number[] = [];

  const send = (sid: string, type: string, data: unknown) => {
    const ws = sockets.get(sid);
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type, data }));
  };
  const queueInfo = () => ({ exec_info: { queue_remaining: pending.length + (running ? 1 : 0) } });
  const item = (q: Queued) => [q.number, q.id, q.prompt, { client_id: q.clientId }, []];

  async function execute(q: Queued, outcome: 'ok' | 'error' | 'drop-socket') {
    const sid = q.clientId;
    send(sid, 'execution_start', { prompt_id: q.id, timestamp: Date.now() });
    send(sid, 'execution_cached', { nodes: [], prompt_id: q.id, timestamp: Date.now() });
    const executed: string[] = [];
    const outputs: Record<string, { images: Array<{ filename: string; subfolder: string; type: string }> }> = {};
    for (const [node, { class_type, inputs }] of Object.entries(q.prompt)) {
      if (q.interrupted) {
        send(sid, 'execution_interrupted', {
          prompt_id: q.id,
          node_id: node,
          node_type: class_type,
          executed,
          timestamp: Date.now(),
        });
        history[q.id] = { prompt: item(q), outputs: {}, status: { status_str: 'error', completed: false, messages: [] } };
        return;
      }
      lastNode = node;
      send(sid, 'executing', { node, display_node: node, prompt_id: q.id });
      if (class_type === 'KSampler') {
        for (let value = 1; value <= steps; value++) {
          await sleep(stepMs);
          if (q.interrupted) break;
          if (outcome === 'drop-socket' && value === 2) {
            sockets.get(sid)?.terminate();
            outcome = 'ok';
          }
          send(sid, 'progress', { value, max: steps, prompt_id: q.id, node });
          const preview = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2352d8' } })
            .jpeg()
            .toBuffer();
          const frame = Buffer.alloc(8);
          frame.writeUInt32BE(1, 0);
          frame.writeUInt32BE(1, 4);
          const ws = sockets.get(sid);
          if (ws?.readyState === WebSocket.OPEN) ws.send(Buffer.concat([frame, preview]));
        }
        if (q.interrupted) continue;
        if (outcome === 'error') {
          send(sid, 'execution_error', {
            prompt_id: q.id,
            node_id: node,
            node_type: class_type,
            executed,
            exception_message: 'CUDA out of memory',
            exception_type: 'torch.OutOfMemoryError',
            traceback: ['Traceback (most recent call last):'],
            current_inputs: {},
            current_outputs: {},
            timestamp: Date.now(),
          });
          history[q.id] = { prompt: item(q), outputs: {}, status: { status_str: 'error', completed: false, messages: [] } };
          return;
        }
      } else await sleep(stepMs);
      if (class_type === 'SaveImage') {
        const count = Number(Object.values(q.prompt).find((n) => n.class_type === 'RepeatLatentBatch')?.inputs.amount ?? 1);
        const images = [];
        for (let i = 0; i < count; i++) {
          const filename = `${String(inputs.filename_prefix ?? 'ComfyUI')}_${String(++number).padStart(5, '0')}_.png`;
          const loaded = Object.values(q.prompt)
            .filter((n) => n.class_type === 'LoadImage')
            .map((n) => files.get(`input//${String(n.inputs.image)}`))
            .filter((b): b is Buffer => !!b);
          files.set(
            `output//${filename}`,
            options.paint
              ? await options.paint(loaded, i)
              : await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20 * i, g: 80, b: 200 } } })
                  .png()
                  .toBuffer(),
          );
          images.push({ filename, subfolder: '', type: 'output' });
        }
        outputs[node] = { images };
        send(sid, 'executed', { node, display_node: node, output: { images }, prompt_id: q.id });
      }
      executed.push(node);
    }
    history[q.id] = { prompt: item(q), outputs, status: { status_str: 'success', completed: true, messages: [] } };
    send(sid, 'execution_success', { prompt_id: q.id, timestamp: Date.now() });
    send(sid, 'executing', { node: null, prompt_id: q.id });
  }

  async function pump() {
    if (running) return;
    const next = pending.shift();
    if (!next) return;
    running = next;
    const started = performance.now();
    try {
      await execute(next, script.shift() ?? 'ok');
    } finally {
      durations.push(performance.now() - started);
      running = null;
      lastNode = null;
      for (const sid of sockets.keys()) send(sid, 'status', { status: queueInfo() });
      void pump();
    }
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? 'GET', path: url.pathname });
    const body = await readBody(req);
    if (req.method === 'POST' && failures > 0 && url.pathname === options.fail?.path) {
      failures--;
      return json(res, options.fail.status, { error: 'busy' });
    }
    if (req.method === 'POST' && url.pathname === '/upload/image') {
      const form = await new Request('http://fake/', { method: 'POST', headers: req.headers as HeadersInit, body }).formData();
      const image = form.get('image');
      if (!(image instanceof File) || !image.name) return json(res, 400, {});
      files.set(`input//${image.name}`, Buffer.from(await image.arrayBuffer()));
      uploads.push(image.name);
      return json(res, 200, { name: image.name, subfolder: '', type: 'input' });
    }
    if (req.method === 'POST' && url.pathname === '/prompt') {
      const data = JSON.parse(body.toString() || '{}') as { prompt?: Graph; client_id?: string };
      if (!data.prompt) return json(res, 400, { error: 'no prompt', node_errors: [] });
      const q: Queued = {
        number: number++,
        id: randomUUID(),
        prompt: data.prompt,
        clientId: data.client_id ?? '',
        interrupted: false,
      };
      prompts.push({ id: q.id, prompt: data.prompt, clientId: q.clientId });
      pending.push(q);
      json(res, 200, { prompt_id: q.id, number: q.number, node_errors: {} });
      setImmediate(() => void pump());
      return;
    }
    if (req.method === 'GET' && url.pathname === '/queue') {
      return json(res, 200, { queue_running: running ? [item(running)] : [], queue_pending: pending.map(item) });
    }
    if (req.method === 'POST' && url.pathname === '/queue') {
      const data = JSON.parse(body.toString() || '{}') as { delete?: string[] };
      for (const id of data.delete ?? []) {
        const at = pending.findIndex((q) => q.id === id);
        if (at >= 0) pending.splice(at, 1);
      }
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/interrupt') {
      if (running) running.interrupted = true;
      res.writeHead(200).end();
      return;
    }
    const historyMatch = /^\/history\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && historyMatch) {
      const id = decodeURIComponent(historyMatch[1] ?? '');
      return json(res, 200, history[id] ? { [id]: history[id] } : {});
    }
    if (req.method === 'GET' && url.pathname === '/view') {
      const file = files.get(
        `${url.searchParams.get('type') ?? 'output'}/${url.searchParams.get('subfolder') ?? ''}/${url.searchParams.get('filename')}`,
      );
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(file);
    }
    res.writeHead(404).end();
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/ws') return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      connections++;
      const sid = url.searchParams.get('clientId') || randomUUID().replaceAll('-', '');
      sockets.set(sid, ws);
      ws.on('close', () => sockets.get(sid) === ws && sockets.delete(sid));
      send(sid, 'status', { status: queueInfo(), sid });
      // On reconnect, the client whose prompt runs is told the node it is at (server.py).
      if (running?.clientId === sid && lastNode !== null) send(sid, 'executing', { node: lastNode });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    prompts,
    uploads,
    durations,
    connections: () => connections,
    async close() {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
