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
  /** The compliance engine's verdict on the draft (API.md "Compliance"). */
  compliance?: { level: 'ok' | 'warn' | 'block'; hits: Array<{ text: string; level: 'warn' | 'block' }> };
}

/** The product side of a generation (the API; tests pass a fake that behaves like it). */
export interface ContentService {
  /** Starts a generation; answers its id (POST /api/content). Throws the server's error. */
  create(input: { platforms: Platform[]; productInfo: string; idea?: { title: string; content: string } }): Promise<string>;
  /** The items, once none is loading any more. */
  settle(contentId: string): Promise<ContentItem[]>;
  /** Removes the product's copy (the drafts now live in the table). */
  remove(contentId: string): Promise<void>;
  /** Records that drafts with block-level compliance hits go to the Base anyway (the audit log). */
  override(contentId: string): Promise<void>;
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
    statusText: (outcome: { ok: boolean; error?: string; failed?: Platform[]; blocked?: string[] }) => string;
    explain: (error: unknown) => string;
    keepInProduct?: boolean;
    /** Write drafts with block-level compliance hits anyway (recorded on the server first). */
    overrideCompliance?: boolean;
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
      // A draft breaking the advertising law or the platform's rules (a block-level hit) is not
      // written into the table unless the user chose to override, which the server records first.
      const violating = items.filter((i) => i.status === 'success' && i.compliance?.level === 'block');
      if (violating.length && options.overrideCompliance) await service.override(contentId);
      const blockedWords = new Set<string>();
      const cells: Fields = {};
      const failed: Platform[] = [];
      for (const p of platforms) {
        const item = items.find((i) => i.platform === p);
        const field = fields.platforms[p];
        if (!field) continue;
        if (item?.status === 'success' && item.compliance?.level === 'block' && !options.overrideCompliance) {
          for (const h of item.compliance.hits) if (h.level === 'block') blockedWords.add(h.text);
          failed.push(p);
        } else if (item?.status === 'success') {
          const body = [item.socialMediaMarketingTitle, item.socialMediaMarketingContent].filter(Boolean).join('\n\n');
          cells[field.id] = textCell(body);
        } else failed.push(p);
      }
      const blocked = [...blockedWords];
      cells[fields.status.id] = textCell(
        options.statusText({ ok: failed.length === 0, failed, ...(blocked.length ? { blocked } : {}) }),
      );
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
