import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { MASK_MAX_PIXELS, pngSize } from '../mask-size.ts';
import { checkAborted, type Engine, EngineInputError, type EngineJob, type EngineOutput } from '../types.ts';
import { ImageEngineError, request } from './http.ts';
import { fillWorkflow, type Workflow } from './workflows.ts';

/**
 * The `comfyui` engine: runs a business type's workflow (workflows.ts) on one of several ComfyUI
 * servers through ComfyUI's HTTP and WebSocket API (server.py, execution.py of comfyanonymous/ComfyUI):
 * POST /upload/image for the inputs, POST /prompt { prompt, client_id } -> { prompt_id }, progress on
 * /ws?clientId= (executing with node null = done, progress, executed, execution_error,
 * execution_interrupted, binary preview frames), GET /history/{id} + GET /view for the outputs,
 * POST /queue { delete } and POST /interrupt to stop.
 */
export interface ComfyEngineOptions {
  /** Base URLs of the ComfyUI servers (ENGINES `comfyui=http://a:8188|http://b:8188`). */
  servers: string[];
  workflows: Map<string, Workflow>;
  /** Longest a whole run may take. */
  timeoutMs: number;
  /** Per HTTP request attempt. */
  requestTimeoutMs?: number;
  /** Retries of a request on network errors, 429 and 5xx. */
  retries?: number;
  /** Reconnections of a dropped socket within one run. */
  reconnects?: number;
  backoffMs?: number;
  /** Preview pictures ComfyUI sends while sampling (binary frames), e.g. for a live preview. */
  onPreview?: (taskId: string, image: Buffer, format: 'jpeg' | 'png') => void;
}

export interface ComfyServerHealth {
  url: string;
  reachable: boolean;
  /** Prompts running and waiting on the server (GET /queue), null when unreachable. */
  queue: number | null;
  /** Runs this process has on it now. */
  active: number;
}

export interface ComfyEngine extends Engine {
  health(): Promise<ComfyServerHealth[]>;
}

interface Server {
  url: string;
  active: number;
}

/** Binary frame types of ComfyUI's /ws (server.py BinaryEventTypes). */
const PREVIEW_IMAGE = 1;

/** The workflow values a task's parameters give (spec 001 §3; unknown parameters are left to the workflow). */
function valuesOf(params: Record<string, unknown>) {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const ratio = typeof params.ratio === 'string' ? /^(\d+):(\d+)$/.exec(params.ratio) : null;
  // Sizes the diffusion models are trained on: the long side 1024, both multiples of 8.
  let width: number | undefined;
  let height: number | undefined;
  if (ratio) {
    const [w, h] = [Number(ratio[1]), Number(ratio[2])];
    const scale = 1024 / Math.max(w, h);
    width = Math.round((w * scale) / 8) * 8;
    height = Math.round((h * scale) / 8) * 8;
  }
  return {
    prompt: typeof params.prompt === 'string' ? params.prompt : typeof params.scene === 'string' ? params.scene : undefined,
    seed: num(params.seed) ?? Math.floor(Math.random() * 2 ** 32),
    count: num(params.genNum),
    denoise: num(params.denoisingStrength),
    width,
    height,
  };
}

/** The task's redraw mask (a PNG data URL, core generationParams), or null. */
function maskOf(params: Record<string, unknown>): Buffer | null {
  const m = typeof params.mask === 'string' ? /^data:image\/png;base64,(.+)$/.exec(params.mask) : null;
  return m?.[1] ? Buffer.from(m[1], 'base64') : null;
}

const EXT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

export function createComfyEngine(options: ComfyEngineOptions): ComfyEngine {
  if (!options.servers.length) throw new Error('comfyui: no server URL (ENGINES comfyui=http://host:8188)');
  const servers: Server[] = options.servers.map((url) => ({ url: url.replace(/\/+$/, ''), active: 0 }));
  const http = (signal: AbortSignal) => ({
    signal,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    retries: options.retries ?? 2,
    backoffMs: options.backoffMs,
  });

  async function queueLength(server: Server): Promise<number | null> {
    try {
      const res = await request(`${server.url}/queue`, {}, { ...http(AbortSignal.timeout(5000)), timeoutMs: 3000, retries: 0 });
      if (!res.ok) return null;
      const body = (await res.json()) as { queue_running?: unknown[]; queue_pending?: unknown[] };
      return (body.queue_running?.length ?? 0) + (body.queue_pending?.length ?? 0);
    } catch {
      return null;
    }
  }

  /**
   * The least busy server: its queue as ComfyUI reports it (other API processes share the servers),
   * at least this process's own runs there; unreachable servers last.
   */
  async function pick(): Promise<Server> {
    const [first] = servers as [Server, ...Server[]];
    if (servers.length === 1) return first;
    const lengths = await Promise.all(servers.map(queueLength));
    let best = first;
    let bestLoad = Number.POSITIVE_INFINITY;
    servers.forEach((server, i) => {
      const remote = lengths[i] ?? null;
      const load = remote === null ? 1e6 + server.active : Math.max(remote, server.active);
      if (load < bestLoad) [best, bestLoad] = [server, load];
    });
    return best;
  }

  async function upload(server: Server, job: EngineJob, signal: AbortSignal): Promise<string[]> {
    const names: string[] = [];
    const mask = maskOf(job.params);
    const files = [...job.inputs, ...(mask ? [{ buffer: mask, contentType: 'image/png' }] : [])];
    for (const [i, input] of files.entries()) {
      const ext = input.contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(input.buffer)], { type: input.contentType }), `${job.taskId}-${i}.${ext}`);
      form.append('overwrite', 'true');
      const res = await request(`${server.url}/upload/image`, { method: 'POST', body: form }, http(signal));
      if (!res.ok) throw new ImageEngineError('imageEngineRejected', `upload: HTTP ${res.status}`);
      const body = (await res.json()) as { name: string; subfolder?: string };
      names.push(body.subfolder ? `${body.subfolder}/${body.name}` : body.name);
    }
    return names;
  }

  async function outputs(server: Server, promptId: string, signal: AbortSignal): Promise<EngineOutput[]> {
    const res = await request(`${server.url}/history/${encodeURIComponent(promptId)}`, {}, http(signal));
    if (!res.ok) throw new ImageEngineError('imageEngineFailed', `history: HTTP ${res.status}`);
    const history = (await res.json()) as Record<string, HistoryEntry>;
    const entry = history[promptId];
    const files: EngineOutput[] = [];
    for (const output of Object.values(entry?.outputs ?? {})) {
      // `temp` pictures are previews (PreviewImage nodes); only saved outputs are results.
      for (const image of output.images ?? []) {
        if (image.type !== 'output') continue;
        const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder ?? '', type: image.type });
        const view = await request(`${server.url}/view?${query}`, {}, http(signal));
        if (!view.ok) throw new ImageEngineError('imageEngineFailed', `view ${image.filename}: HTTP ${view.status}`);
        const ext = (image.filename.split('.').pop() ?? 'png').toLowerCase();
        files.push({
          buffer: Buffer.from(await view.arrayBuffer()),
          contentType: EXT_TYPES[ext] ?? view.headers.get('content-type') ?? 'image/png',
          type: 'image',
          ext: ext === 'jpeg' ? 'jpg' : ext,
        });
      }
    }
    if (!files.length) throw new ImageEngineError('imageEngineFailed', `prompt ${promptId} saved no pictures`);
    return files;
  }

  async function runOn(server: Server, workflow: Workflow, job: EngineJob): Promise<EngineOutput[]> {
    const clientId = randomUUID();
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = AbortSignal.any([job.signal, deadline]);
    const watch = watchPrompt(server.url, clientId, job, signal, options);
    let promptId: string | null = null;
    try {
      await watch.opened;
      const uploaded = await upload(server, job, signal);
      // The redraw mask, when the task has one, was uploaded after the pictures.
      const hasMask = !!maskOf(job.params);
      const images = hasMask ? uploaded.slice(0, -1) : uploaded;
      const prompt = fillWorkflow(workflow, { images, ...valuesOf(job.params), ...(hasMask ? { mask: uploaded.at(-1) } : {}) });
      const res = await request(
        `${server.url}/prompt`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt, client_id: clientId }),
        },
        // Queuing twice would run twice: no retry once the server may have accepted it.
        { ...http(signal), retries: 0 },
      );
      const body = (await res.json().catch(() => ({}))) as { prompt_id?: string; error?: unknown };
      if (!res.ok || !body.prompt_id)
        throw new ImageEngineError('imageEngineRejected', `prompt: HTTP ${res.status} ${JSON.stringify(body.error ?? '')}`);
      promptId = body.prompt_id;
      await watch.done(promptId, () => historyState(server, promptId as string, signal));
      return await outputs(server, promptId, signal);
    } catch (err) {
      if (promptId && signal.aborted) await cancel(server, promptId, watch.started());
      if (job.signal.aborted) throw job.signal.reason;
      if (deadline.aborted) throw new ImageEngineError('imageEngineTimeout', `comfyui run over ${options.timeoutMs} ms`);
      throw err;
    } finally {
      watch.close();
    }
  }

  async function historyState(server: Server, promptId: string, signal: AbortSignal): Promise<'done' | 'error' | 'pending'> {
    const res = await request(`${server.url}/history/${encodeURIComponent(promptId)}`, {}, http(signal));
    if (!res.ok) return 'pending';
    const entry = ((await res.json()) as Record<string, HistoryEntry>)[promptId];
    if (!entry?.status) return 'pending';
    if (entry.status.status_str === 'error') return 'error';
    return entry.status.completed ? 'done' : 'pending';
  }

  /** Takes the prompt off the queue, and interrupts it when it was already executing (best effort). */
  async function cancel(server: Server, promptId: string, started: boolean): Promise<void> {
    const quick = { signal: AbortSignal.timeout(5000), timeoutMs: 3000, retries: 1 };
    const json = { 'content-type': 'application/json' };
    await request(
      `${server.url}/queue`,
      { method: 'POST', headers: json, body: JSON.stringify({ delete: [promptId] }) },
      quick,
    ).catch(() => undefined);
    // /interrupt stops whatever runs now: only when that is ours.
    if (started)
      await request(`${server.url}/interrupt`, { method: 'POST', headers: json, body: '{}' }, quick).catch(() => undefined);
  }

  return {
    name: 'comfyui',
    bizTypes: [...options.workflows.keys()],
    /** A redraw mask needs a workflow that takes one, and is bounded before anything decodes it. */
    async validate(bizType, params) {
      if (typeof params.mask !== 'string') return;
      if (!options.workflows.get(bizType)?.map.mask)
        throw new EngineInputError(`${bizType} workflow takes no mask`, 'imageEngineNoMask');
      const size = pngSize(params.mask);
      if (!size || size.width * size.height > MASK_MAX_PIXELS) throw new EngineInputError('mask too large', 'maskSizeInvalid');
    },
    async run(job) {
      const workflow = options.workflows.get(job.bizType);
      if (!workflow) throw new EngineInputError(`comfyui has no workflow for ${job.bizType}`);
      checkAborted(job.signal);
      const server = await pick();
      server.active++;
      try {
        return await runOn(server, workflow, job);
      } finally {
        server.active--;
      }
    },
    async health() {
      return Promise.all(
        servers.map(async (server) => {
          const queue = await queueLength(server);
          return { url: server.url, reachable: queue !== null, queue, active: server.active };
        }),
      );
    },
  };
}

interface HistoryEntry {
  outputs?: Record<string, { images?: Array<{ filename: string; subfolder?: string; type: string }> }>;
  status?: { status_str?: string; completed?: boolean };
}

type Message = { type: string; data: Record<string, unknown> };

/**
 * Follows one prompt on ComfyUI's /ws. Messages can arrive before POST /prompt has answered its id,
 * so they are kept and judged once the id is known. A dropped socket is reopened with the same
 * clientId (ComfyUI then sends `status` and the node it is executing for us); the run's state is then
 * read from /history, in case it ended while we were away.
 */
function watchPrompt(base: string, clientId: string, job: EngineJob, signal: AbortSignal, options: ComfyEngineOptions) {
  const seen: Message[] = [];
  let promptId: string | null = null;
  let started = false;
  let closed = false;
  let socket: WebSocket | null = null;
  let settle: { resolve(): void; reject(err: unknown): void } | null = null;
  let checkHistory: (() => Promise<'done' | 'error' | 'pending'>) | null = null;
  let reconnects = 0;

  const judge = () => {
    if (!promptId || !settle) return;
    for (const message of seen.splice(0)) {
      if (message.data.prompt_id !== undefined && message.data.prompt_id !== promptId) continue;
      switch (message.type) {
        case 'execution_start':
          started = true;
          break;
        case 'executing':
          if (message.data.prompt_id === promptId) started = true;
          if (message.data.node === null && message.data.prompt_id === promptId) return settle.resolve();
          break;
        case 'execution_success':
          return settle.resolve();
        case 'progress': {
          const value = Number(message.data.value);
          const max = Number(message.data.max);
          if (max > 0) job.progress(10 + (85 * value) / max);
          break;
        }
        case 'execution_error':
          return settle.reject(
            new ImageEngineError(
              'imageEngineFailed',
              `node ${String(message.data.node_id)} (${String(message.data.node_type)}): ${String(message.data.exception_message)}`,
            ),
          );
        case 'execution_interrupted':
          return settle.reject(new ImageEngineError('imageEngineFailed', 'the run was interrupted on the ComfyUI server'));
      }
    }
  };

  let openResolve: () => void = () => undefined;
  let openReject: (err: unknown) => void = () => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    openResolve = resolve;
    openReject = reject;
  });
  opened.catch(() => undefined);
  signal.addEventListener('abort', () => openReject(signal.reason), { once: true });

  const connect = () => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`);
    socket = ws;
    ws.on('open', () => {
      openResolve();
      if (reconnects > 0 && promptId && checkHistory) {
        checkHistory()
          .then((state) => {
            if (state === 'done') settle?.resolve();
            else if (state === 'error')
              settle?.reject(new ImageEngineError('imageEngineFailed', 'the run failed on the ComfyUI server'));
          })
          .catch(() => undefined);
      }
    });
    ws.on('message', (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (isBinary) {
        // 4-byte big-endian event type, then for previews a 4-byte format (1 JPEG, 2 PNG) and the image.
        if (buffer.length >= 8 && buffer.readUInt32BE(0) === PREVIEW_IMAGE) {
          options.onPreview?.(job.taskId, buffer.subarray(8), buffer.readUInt32BE(4) === 2 ? 'png' : 'jpeg');
        }
        return;
      }
      try {
        const message = JSON.parse(buffer.toString('utf8')) as Message;
        if (message && typeof message.type === 'string') {
          seen.push({ type: message.type, data: message.data ?? {} });
          judge();
        }
      } catch {
        // not JSON: ignored, as ComfyUI's own client does
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (closed || signal.aborted) return;
      if (reconnects >= (options.reconnects ?? 5)) {
        const err = new ImageEngineError('imageEngineUnreachable', 'the ComfyUI socket closed and did not come back');
        openReject(err);
        settle?.reject(err);
        return;
      }
      reconnects++;
      setTimeout(() => !closed && !signal.aborted && connect(), (options.backoffMs ?? 250) * reconnects);
    });
  };
  connect();

  return {
    opened,
    started: () => started,
    done(id: string, history: () => Promise<'done' | 'error' | 'pending'>) {
      promptId = id;
      checkHistory = history;
      job.progress(5);
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        settle = {
          resolve: () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
          reject: (err) => {
            signal.removeEventListener('abort', onAbort);
            reject(err);
          },
        };
        judge();
      });
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
