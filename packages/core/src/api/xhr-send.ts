/**
 * One request sent with XMLHttpRequest instead of fetch, for the one thing fetch cannot tell: how
 * much of a body has gone up (an upload's progress bar). Answers a Response as fetch would, so the
 * client's envelope checks stay the same; a network failure rejects with a TypeError and an abort
 * with the signal's reason, as fetch does.
 */
export function xhrSend(
  target: string,
  init: { method: string; headers: Headers; body?: BodyInit; signal?: AbortSignal },
  onUploadProgress: (loaded: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, target);
    init.headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => onUploadProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () =>
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    if (init.signal?.aborted) {
      xhr.abort();
      return;
    }
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit | null | undefined);
  });
}
