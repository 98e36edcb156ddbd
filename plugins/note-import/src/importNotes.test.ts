import { cellAttachments, cellText, FieldType } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { describe, expect, it } from 'vitest';
import { type ImportNote, importNotes, type Mapping, MissingKeyFieldError, parseLinks } from './importNotes.ts';

const create = (name: string) => ({ kind: 'create', name }) as const;
const mapping: Mapping = {
  title: create('Title'),
  content: create('Content'),
  images: create('Images'),
  tags: create('Tags'),
  likes: create('Likes'),
  collects: create('Collects'),
  comments: create('Comments'),
  link: create('Link'),
};
const note = (i: number, extra: Partial<ImportNote> = {}): ImportNote => ({
  title: `Note ${i}`,
  content: `Body ${i}`,
  images: [`/files/n${i}.png`],
  tags: ['wig', 'summer'],
  likes: i * 10,
  collects: i,
  comments: 2,
  link: `https://www.xiaohongshu.com/explore/${i}`,
  ...extra,
});
const png = (url: string) => new File([new Uint8Array([137, 80, 78, 71])], url.split('/').pop() as string, { type: 'image/png' });

function setup() {
  return new MemoryBase({
    tables: [{ id: 'tbl', name: 'Notes', fields: [{ id: 'fPrimary', name: 'Text', type: FieldType.Text, isPrimary: true }] }],
  });
}

describe('note-import', () => {
  it('creates the missing fields with their types and adds the notes in batches with their images', async () => {
    const base = setup();
    const progress: number[] = [];
    const result = await importNotes(
      base,
      'tbl',
      [1, 2, 3, 4, 5].map((i) => note(i)),
      mapping,
      {
        fetchImage: async (url) => png(url),
        batchSize: 2,
        onProgress: (done) => progress.push(done),
      },
    );
    expect(result).toEqual({ added: 5, updated: 0, imageFailures: 0 });
    expect(progress).toEqual([0, 2, 4, 5]);
    const types = Object.fromEntries((await base.fields('tbl')).map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      Title: FieldType.Text,
      Content: FieldType.Text,
      Images: FieldType.Attachment,
      Tags: FieldType.Text,
      Likes: FieldType.Number,
      Link: FieldType.Url,
    });
    const id = (name: string) => base.fieldId('tbl', name) as string;
    const rows = base.rows('tbl');
    expect(rows).toHaveLength(5);
    expect(cellText(rows[2]?.fields[id('Title')])).toBe('Note 3');
    expect(cellText(rows[2]?.fields[id('Tags')])).toBe('wig, summer');
    expect(rows[2]?.fields[id('Likes')]).toBe(30);
    expect(rows[2]?.fields[id('Link')]).toEqual([
      { type: 'url', text: 'https://www.xiaohongshu.com/explore/3', link: 'https://www.xiaohongshu.com/explore/3' },
    ]);
    const [attachment] = cellAttachments(rows[2]?.fields[id('Images')]);
    expect(attachment).toMatchObject({ name: 'n3.png', type: 'image/png', size: 4 });
    expect(base.uploads.get(attachment?.token as string)?.name).toBe('n3.png');
  });

  it('updates the rows of notes imported before instead of adding them again', async () => {
    const base = setup();
    const fetchImage = async (url: string) => png(url);
    await importNotes(base, 'tbl', [note(1), note(2)], mapping, { fetchImage });
    const result = await importNotes(base, 'tbl', [note(2, { likes: 999 }), note(3), note(3)], mapping, { fetchImage });
    expect(result).toEqual({ added: 1, updated: 1, imageFailures: 0 });
    const rows = base.rows('tbl');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.fields[base.fieldId('tbl', 'Likes') as string]).toBe(999);
    expect((await base.fields('tbl')).filter((f) => f.name === 'Title')).toHaveLength(1);
  });

  it('skips and counts images that cannot be downloaded, writes into chosen fields, and needs a link field', async () => {
    const base = setup();
    const result = await importNotes(
      base,
      'tbl',
      [note(1, { images: ['/files/a.png', 'https://elsewhere/b.png'] })],
      { ...mapping, title: { kind: 'existing', fieldId: 'fPrimary' }, tags: { kind: 'none' } },
      { fetchImage: async (url) => (url.startsWith('/files/') ? png(url) : null) },
    );
    expect(result.imageFailures).toBe(1);
    const [row] = base.rows('tbl');
    expect(cellText(row?.fields.fPrimary)).toBe('Note 1');
    expect(cellAttachments(row?.fields[base.fieldId('tbl', 'Images') as string])).toHaveLength(1);
    expect(base.fieldId('tbl', 'Tags')).toBeUndefined();
    await expect(
      importNotes(base, 'tbl', [note(2)], { ...mapping, link: { kind: 'none' } }, { fetchImage: async () => null }),
    ).rejects.toBeInstanceOf(MissingKeyFieldError);
  });

  it('parses pasted links with optional titles and reports the bad lines', () => {
    const { notes, bad } = parseLinks('https://a.cn/1\nSummer look\thttps://a.cn/2\n\nnot a link\n');
    expect(notes.map((n) => [n.title, n.link])).toEqual([
      ['https://a.cn/1', 'https://a.cn/1'],
      ['Summer look', 'https://a.cn/2'],
    ]);
    expect(bad).toEqual([{ line: 4, text: 'not a link' }]);
  });
});
