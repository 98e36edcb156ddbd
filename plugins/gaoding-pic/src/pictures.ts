import {
  attachmentCell,
  type BaseAdapter,
  type BaseRecord,
  cellAttachments,
  cellText,
  ensureFields,
  type FieldChoice,
  type FieldMeta,
  FieldType,
} from '@productimage/plugin-shared';

export type PictureMode = 'poster' | 'cutout';
export const POSTER_LAYOUTS = ['classic', 'card', 'bold'] as const;
export type PosterLayout = (typeof POSTER_LAYOUTS)[number];

export interface PictureFields {
  title: FieldMeta | null;
  text: FieldMeta | null;
  source: FieldMeta | null;
  output: FieldMeta;
}

/** What makes a picture: a poster drawn from text, or an image tool on a row's attachment. */
export interface PictureMakers {
  poster(title: string, text: string, layout: PosterLayout): Promise<File>;
  /** Runs the image tool on the file (the product's task platform); answers the result. */
  tool(file: File): Promise<File>;
  /** Downloads an attachment of the row from the Base. */
  download(url: string, name: string): Promise<File>;
}

export class RowSkipped extends Error {
  constructor(readonly reason: 'noText' | 'noImage') {
    super(reason);
  }
}

/** Resolves the chosen fields; the output attachment field is created when missing. */
export async function preparePictureFields(
  base: BaseAdapter,
  tableId: string,
  choice: { title: FieldChoice; text: FieldChoice; source: FieldChoice; output: FieldChoice },
): Promise<PictureFields> {
  const fields = await ensureFields(base, tableId, {
    title: { choice: choice.title, type: FieldType.Text },
    text: { choice: choice.text, type: FieldType.Text },
    source: { choice: choice.source, type: FieldType.Attachment },
    output: { choice: choice.output, type: FieldType.Attachment },
  });
  if (!fields.output) throw new Error('an output field is needed');
  return fields as PictureFields;
}

export interface PictureOutcome {
  recordId: string;
  ok: boolean;
  error?: unknown;
}

/**
 * Makes one picture per row and writes it into the output attachment field (uploaded to the Base
 * with batchUploadFile). Rows fail one by one (missing text or image, a tool error, points).
 */
export async function makePictures(
  base: BaseAdapter,
  tableId: string,
  rows: BaseRecord[],
  fields: PictureFields,
  mode: PictureMode,
  layout: PosterLayout,
  makers: PictureMakers,
  onRow?: (outcome: PictureOutcome, index: number) => void,
): Promise<PictureOutcome[]> {
  const outcomes: PictureOutcome[] = [];
  for (const [index, row] of rows.entries()) {
    let outcome: PictureOutcome;
    try {
      let picture: File;
      if (mode === 'poster') {
        const title = fields.title ? cellText(row.fields[fields.title.id]).trim() : '';
        const text = fields.text ? cellText(row.fields[fields.text.id]).trim() : '';
        if (!title && !text) throw new RowSkipped('noText');
        picture = await makers.poster(title, text, layout);
      } else {
        const [attachment] = fields.source ? cellAttachments(row.fields[fields.source.id]) : [];
        if (!attachment || !fields.source) throw new RowSkipped('noImage');
        const [url] = await base.attachmentUrls(tableId, fields.source.id, row.recordId, [attachment.token]);
        if (!url) throw new RowSkipped('noImage');
        picture = await makers.tool(await makers.download(url, attachment.name));
      }
      const tokens = await base.uploadFiles([picture]);
      await base.setRecords(tableId, [
        { recordId: row.recordId, fields: { [fields.output.id]: attachmentCell([picture], tokens) } },
      ]);
      outcome = { recordId: row.recordId, ok: true };
    } catch (error) {
      outcome = { recordId: row.recordId, ok: false, error };
    }
    outcomes.push(outcome);
    onRow?.(outcome, index);
  }
  return outcomes;
}

/** Breaks text into lines of at most `width` measured units (CJK characters break anywhere). */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let line = '';
    const tokens = paragraph.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+|\s+/g) ?? [];
    for (const token of tokens) {
      const next = line + token;
      if (measure(next.trimEnd()) <= width || !line.trim()) line = next;
      else {
        lines.push(line.trimEnd());
        line = token.trimStart();
      }
    }
    if (line.trim()) lines.push(line.trimEnd());
  }
  return lines;
}
