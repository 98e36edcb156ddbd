import { cellAttachments, FieldType } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { describe, expect, it } from 'vitest';
import { makePictures, type PictureMakers, preparePictureFields, RowSkipped, wrapText } from './pictures.ts';

const png = (name: string, bytes = 8) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function setup() {
  return new MemoryBase({
    tables: [
      {
        id: 'tbl',
        name: 'Posts',
        fields: [
          { id: 'fTitle', name: 'Title', type: FieldType.Text, isPrimary: true },
          { id: 'fText', name: 'Text', type: FieldType.Text },
          { id: 'fPhoto', name: 'Photo', type: FieldType.Attachment },
        ],
      },
    ],
  });
}

describe('gaoding-pic', () => {
  it('draws posters from title and text into a created attachment field, row by row', async () => {
    const base = setup();
    await base.addRecords('tbl', [{ fTitle: [{ type: 'text', text: 'Sale' }], fText: [{ type: 'text', text: '20% off' }] }, {}]);
    const fields = await preparePictureFields(base, 'tbl', {
      title: { kind: 'existing', fieldId: 'fTitle' },
      text: { kind: 'existing', fieldId: 'fText' },
      source: { kind: 'none' },
      output: { kind: 'create', name: 'Poster' },
    });
    const drawn: string[] = [];
    const makers: PictureMakers = {
      poster: async (title, text, layout) => {
        drawn.push(`${title}|${text}|${layout}`);
        return png('poster.png', 100);
      },
      tool: async () => {
        throw new Error('not used');
      },
      download: async () => png('x'),
    };
    const outcomes = await makePictures(base, 'tbl', base.rows('tbl'), fields, 'poster', 'card', makers);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
    expect(outcomes[1]?.error).toBeInstanceOf(RowSkipped);
    expect(drawn).toEqual(['Sale|20% off|card']);
    expect((await base.fields('tbl')).find((f) => f.name === 'Poster')?.type).toBe(FieldType.Attachment);
    const [attachment] = cellAttachments(base.rows('tbl')[0]?.fields[fields.output.id]);
    expect(attachment).toMatchObject({ name: 'poster.png', size: 100, type: 'image/png' });
    expect(base.uploads.has(attachment?.token as string)).toBe(true);
  });

  it('runs the image tool on the row’s attachment and writes the result back', async () => {
    const base = setup();
    const [token] = await base.uploadFiles([png('shoe.jpg')]);
    await base.addRecords('tbl', [
      { fPhoto: [{ name: 'shoe.jpg', size: 8, type: 'image/jpeg', token: token as string, timeStamp: 1 }] },
    ]);
    const fields = await preparePictureFields(base, 'tbl', {
      title: { kind: 'none' },
      text: { kind: 'none' },
      source: { kind: 'existing', fieldId: 'fPhoto' },
      output: { kind: 'create', name: 'Cutout' },
    });
    const seen: string[] = [];
    const outcomes = await makePictures(base, 'tbl', base.rows('tbl'), fields, 'cutout', 'classic', {
      poster: async () => png('p'),
      download: async (url, name) => {
        seen.push(`${url}|${name}`);
        return png(name);
      },
      tool: async (file) => png(`${file.name}-cutout.png`, 42),
    });
    expect(outcomes[0]?.ok).toBe(true);
    expect(seen).toEqual([`memory://attachments/${token}|shoe.jpg`]);
    expect(cellAttachments(base.rows('tbl')[0]?.fields[fields.output.id])[0]).toMatchObject({
      name: 'shoe.jpg-cutout.png',
      size: 42,
    });
  });

  it('wraps Chinese anywhere and English at spaces', () => {
    const measure = (s: string) => s.length;
    expect(wrapText('夏季新款假发透气轻薄', 4, measure)).toEqual(['夏季新款', '假发透气', '轻薄']);
    expect(wrapText('summer wig sale now', 11, measure)).toEqual(['summer wig', 'sale now']);
  });
});
