import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

type Method = (this: FastifyInstance, name: string | symbol, ...rest: unknown[]) => FastifyInstance;

/**
 * Per-request state the plugin declares with `decorateRequest`: Fastify writes each of these into
 * every request of the app as it is made (a keyed store apiece on every request, five of the seven
 * in GET /api/user/current's request: issue 48). The multipart flag is only ever set to true by the
 * plugin's own body parser and read as true or not (`isMultipart`), and the other four belong to its
 * disk mode, which is off (below): left undeclared they read as undefined, which means the same.
 */
const REQUEST_STATE = ['multipart', 'savedRequestFilesResult', 'responseEnded', 'tmpUploads', 'savedRequestFiles'];

function stateName(name: string | symbol): string {
  return typeof name === 'symbol' ? (name.description ?? '') : name;
}

/**
 * @fastify/multipart (the upload routes read their one file part as a stream: `request.file()`),
 * without the two hooks it adds to every request of the app for its disk mode: an async onRequest
 * hook that listens for the answer's 'close' and an async onResponse hook, both there to delete the
 * temp files of `request.saveRequestFiles()`. No route saves files to disk, and the two hooks cost
 * every request two promises and a listener (issue 48: GET /api/user/current). `saveRequestFiles`
 * throws instead, so a route that starts using disk mode finds out at once, not by leaked files.
 * Nor its per-request state (REQUEST_STATE above).
 */
export async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions) {
  const target = app as unknown as { addHook: Method; decorateRequest: Method };
  const { addHook, decorateRequest } = target;
  const skipped: string[] = [];
  const skippedState: string[] = [];
  // The plugin is wrapped by fastify-plugin: it adds its hooks and decorators on this very instance.
  target.addHook = function (name, ...rest) {
    if (name !== 'onRequest' && name !== 'onResponse') return addHook.call(this, name, ...rest);
    skipped.push(name);
    return this;
  };
  target.decorateRequest = function (name, ...rest) {
    if (REQUEST_STATE.includes(stateName(name)) && typeof rest[0] !== 'function') {
      skippedState.push(stateName(name));
      return this;
    }
    if (name !== 'saveRequestFiles') return decorateRequest.call(this, name, ...rest);
    return decorateRequest.call(this, name, () => {
      throw new Error('saveRequestFiles: disk mode is off (platform/http/multipart.ts); read the part as a stream');
    });
  };
  try {
    await app.register(fastifyMultipart, options);
  } finally {
    target.addHook = addHook;
    target.decorateRequest = decorateRequest;
  }
  if (skipped.length !== 2)
    throw new Error(`@fastify/multipart added ${skipped.length} request hooks, not the 2 of its disk mode`);
  if (skippedState.length !== REQUEST_STATE.length)
    throw new Error(`@fastify/multipart declared ${skippedState.join(', ')} as request state, not ${REQUEST_STATE.join(', ')}`);
}
