import { ApiError, fileKeyOf } from '@productimage/core';
import type { PluginApi } from '@productimage/plugin-shared';
import type { ImportNote } from './importNotes.ts';

/** At most this many notes per import (the host limits a batch; more is a second import). */
export const IMPORT_LIMIT = 500;

export type NoteScope = 'mine' | 'public' | 'favorites';

/** The source is not on this server (the route answers 404): say so instead of importing nothing. */
export class SourceMissingError extends Error {}

/** Every page of a list, up to IMPORT_LIMIT items. */
async function pages<T>(fetchPage: (pageNum: number) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
  const out: T[] = [];
  for (let pageNum = 1; out.length < IMPORT_LIMIT; pageNum += 1) {
    let page: { list: T[]; total: number };
    try {
      page = await fetchPage(pageNum);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && pageNum === 1) throw new SourceMissingError();
      throw error;
    }
    out.push(...page.list);
    if (page.list.length < 100 || out.length >= page.total) break;
  }
  return out.slice(0, IMPORT_LIMIT);
}

/** A note's page in the product, the link of a note that has no source link. */
const productLink = (path: string) => new URL(`/productimage${path}`, window.location.origin).toString();

/** Notes of the user's note base, the tenant's public one, or the favourites (GET /api/notes). */
export async function notesFromNoteBase(api: PluginApi, scope: NoteScope): Promise<ImportNote[]> {
  const list = await pages((pageNum) => api.GET('/api/notes', { params: { query: { scope, pageNum, pageSize: 100 } } }));
  return list.map((n) => ({
    title: n.title,
    content: n.content,
    images: n.images,
    tags: n.tags,
    likes: n.metrics.likes,
    collects: n.metrics.collects,
    comments: n.metrics.comments,
    link: n.sourceUrl || productLink(`/modi-note-base/${n.noteId}`),
  }));
}

/** Items of the hot library (GET /api/hot-library): title, text and link (their heat is not a like count). */
export async function notesFromHotLibrary(api: PluginApi): Promise<ImportNote[]> {
  const list = await pages((pageNum) => api.GET('/api/hot-library', { params: { query: { pageNum, pageSize: 100 } } }));
  return list.map((item) => ({
    title: item.title,
    content: item.content,
    images: [],
    tags: [],
    link: item.url || productLink(`/modi-hot-library/${item.itemId}`),
  }));
}

/**
 * Downloads an image for the Base. The product's own files come with the login; other sites'
 * images load only when they allow it (CORS), else they are reported as skipped.
 */
export function imageFetcher(api: PluginApi) {
  return async (url: string): Promise<File | null> => {
    // Core's one rule for our files (issue 41): same-origin or under this origin (PUBLIC_URL).
    const key = fileKeyOf(url, { publicBase: window.location.origin });
    const blob = key
      ? await ownFile(api, `/files/${key}${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`)
      : await corsFile(url);
    if (!blob?.type.startsWith('image/')) return null;
    const name = decodeURIComponent(new URL(url, window.location.origin).pathname.split('/').pop() || 'image');
    return new File([blob], name, { type: blob.type });
  };
}

/** A file of the product's own (with the login); null when the server refuses it, thrown when unreachable. */
async function ownFile(api: PluginApi, path: string): Promise<Blob | null> {
  try {
    return (await api.download(path)).blob;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return null;
    throw error;
  }
}

/** Another site's file, where it allows it (CORS); null when it refuses. */
async function corsFile(url: string): Promise<Blob | null> {
  const response = await fetch(url, { mode: 'cors' });
  return response.ok ? response.blob() : null;
}
