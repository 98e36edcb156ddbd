import type { Platform } from '@productimage/core';
import {
  type BaseAdapter,
  type BaseRecord,
  cellText,
  ensureFields,
  type FieldChoice,
  type FieldMeta,
  type Fields,
  FieldType,
  textCell,
} from '@productimage/plugin-shared';

/** One platform's draft as the content engine answers it (GET /api/content/:id items). */
export interface ContentItem {
  platform: Platform;
  status: 'loading' | 'success' | 'fail' | 'stop';
  socialMediaMarketingTitle: string | null;
  socialMediaMarketingContent: string | null;
}

/** The product side of a generation (the API; tests pass a fake that behaves like it). */
export interface ContentService {
  /** Starts a generation; answers its id (POST /api/content). Throws the server's error. */
  create(input: { platforms: Platform[]; productInfo: string; idea?: { title: string; content: string } }): Promise<string>;
  /** The items, once none is loading any more. */
  settle(contentId: string): Promise<ContentItem[]>;
  /** Removes the product's copy (the drafts now live in the table). */
  remove(contentId: string): Promise<void>;
}

export interface PostFields {
  title: FieldMeta | null;
  source: FieldMeta;
  status: FieldMeta;
  platforms: Partial<Record<Platform, FieldMeta>>;
}

/** Resolves the source fields and creates the per-platform fields and the status field when missing. */
export async function preparePostFields(
  base: BaseAdapter,
  tableId: string,
  choice: { title: FieldChoice; source: FieldChoice },
  platforms: Platform[],
  names: { status: string; platform: (p: Platform) => string },
): Promise<PostFields> {
  const specs: Record<string, { choice: FieldChoice; type: number }> = {
    title: { choice: choice.title, type: FieldType.Text },
    source: { choice: choice.source, type: FieldType.Text },
    status: { choice: { kind: 'create', name: names.status }, type: FieldType.Text },
  };
  for (const p of platforms) specs[p] = { choice: { kind: 'create', name: names.platform(p) }, type: FieldType.Text };
  const fields = await ensureFields(base, tableId, specs);
  if (!fields.source || !fields.status) throw new Error('source and status fields are needed');
  return {
    title: fields.title ?? null,
    source: fields.source,
    status: fields.status,
    platforms: Object.fromEntries(platforms.map((p) => [p, fields[p] as FieldMeta])),
  };
}

export interface RowOutcome {
  recordId: string;
  ok: boolean;
  /** Why the row failed, as the user reads it. */
  error?: string;
}

/**
 * Generates each row's platform versions, one row at a time: the row's text goes to the content
 * engine, each platform's draft into its field, and the row's status says done or why it failed.
 * A row's failure (points, limit, engine) is written on that row and the batch goes on.
 */
export async function generateRows(
  base: BaseAdapter,
  tableId: string,
  rows: BaseRecord[],
  fields: PostFields,
  platforms: Platform[],
  service: ContentService,
  options: {
    statusText: (outcome: { ok: boolean; error?: string; failed?: Platform[] }) => string;
    explain: (error: unknown) => string;
    keepInProduct?: boolean;
    onRow?: (outcome: RowOutcome, index: number) => void;
  },
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (const [index, row] of rows.entries()) {
    const text = cellText(row.fields[fields.source.id]).trim();
    const title = fields.title ? cellText(row.fields[fields.title.id]).trim() : '';
    let outcome: RowOutcome;
    try {
      if (!text) throw new EmptyRowError();
      const contentId = await service.create({
        platforms,
        productInfo: text,
        ...(title ? { idea: { title, content: text } } : {}),
      });
      const items = await service.settle(contentId);
      const cells: Fields = {};
      const failed: Platform[] = [];
      for (const p of platforms) {
        const item = items.find((i) => i.platform === p);
        const field = fields.platforms[p];
        if (!field) continue;
        if (item?.status === 'success') {
          const body = [item.socialMediaMarketingTitle, item.socialMediaMarketingContent].filter(Boolean).join('\n\n');
          cells[field.id] = textCell(body);
        } else failed.push(p);
      }
      cells[fields.status.id] = textCell(options.statusText({ ok: failed.length === 0, failed }));
      await base.setRecords(tableId, [{ recordId: row.recordId, fields: cells }]);
      if (!options.keepInProduct) await service.remove(contentId).catch(() => undefined);
      outcome = failed.length
        ? { recordId: row.recordId, ok: false, error: failed.join(', ') }
        : { recordId: row.recordId, ok: true };
    } catch (error) {
      const message = options.explain(error);
      outcome = { recordId: row.recordId, ok: false, error: message };
      await base
        .setRecords(tableId, [
          { recordId: row.recordId, fields: { [fields.status.id]: textCell(options.statusText({ ok: false, error: message })) } },
        ])
        .catch(() => undefined);
    }
    outcomes.push(outcome);
    options.onRow?.(outcome, index);
  }
  return outcomes;
}

export class EmptyRowError extends Error {
  constructor() {
    super('empty');
  }
}
