import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_FILE_MAX_BYTES, ParseError, parseKnowledgeFile } from './parsers.ts';
import { makeDocx, makePdf, makeXlsx } from './test-files.test-support.ts';

async function reason(filename: string, data: Buffer) {
  try {
    await parseKnowledgeFile(filename, data);
    return 'parsed';
  } catch (error) {
    return error instanceof ParseError ? error.reason : `other: ${(error as Error).message}`;
  }
}

describe('parseKnowledgeFile', () => {
  it('reads the text of a Word document', async () => {
    const docx = await makeDocx(['云朵保温杯产品说明', '采用316不锈钢内胆，保温12小时。', '售价129元。']);
    const text = await parseKnowledgeFile('产品.docx', docx);
    expect(text).toContain('云朵保温杯产品说明');
    expect(text).toContain('316不锈钢内胆');
    expect(text).toContain('售价129元');
  });

  it('reads every page of a PDF', async () => {
    const pdf = await makePdf(['Cloud Cup keeps drinks hot for 12 hours.', 'Second page: price 129 yuan.']);
    const text = await parseKnowledgeFile('cup.pdf', pdf);
    expect(text).toContain('Cloud Cup keeps drinks hot for 12 hours.');
    expect(text).toContain('price 129 yuan');
  });

  it('reads spreadsheet rows with their headers (xlsx and csv)', async () => {
    const xlsx = await makeXlsx('价格表', [
      ['商品', '价格', '卖点'],
      ['云朵保温杯', 129, '保温12小时'],
      ['星空饭盒', 89, '三层分隔'],
    ]);
    const text = await parseKnowledgeFile('prices.xlsx', xlsx);
    expect(text).toContain('# 价格表');
    expect(text).toContain('商品: 云朵保温杯; 价格: 129; 卖点: 保温12小时');
    expect(text).toContain('商品: 星空饭盒; 价格: 89');
    const csv = Buffer.from('\uFEFF商品,价格\n"云朵保温杯, 大号",129\n');
    expect(await parseKnowledgeFile('p.csv', csv)).toBe('商品: 云朵保温杯, 大号; 价格: 129');
  });

  it('reads markdown and text as UTF-8', async () => {
    expect(await parseKnowledgeFile('a.md', Buffer.from('# 标题\n\n正文。'))).toBe('# 标题\n\n正文。');
    expect(await parseKnowledgeFile('a.txt', Buffer.from('第一行 \t\u00a0\r\n第二行  '))).toBe('第一行\n第二行');
    // A long run of spaces that no line break ends is read, not refused as too complex.
    const spaces = ' '.repeat(200_000);
    expect(await parseKnowledgeFile('b.txt', Buffer.from(`标题${spaces}正文 \n\n\n\n结尾`))).toBe(`标题${spaces}正文\n\n结尾`);
  });

  it('refuses files whose content is not what the name says, unknown types, empty and oversized files', async () => {
    const pdf = await makePdf(['hello']);
    expect(await reason('renamed.docx', pdf)).toBe('content');
    expect(await reason('renamed.pdf', await makeDocx(['x']))).toBe('content');
    expect(await reason('binary.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toBe('content');
    expect(await reason('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('content');
    expect(await reason('broken.xlsx', Buffer.from('PK\u0003\u0004garbage'))).toBe('content');
    expect(await reason('tool.exe', Buffer.from('MZ'))).toBe('type');
    expect(await reason('empty.txt', Buffer.from('  \n '))).toBe('empty');
    expect(await reason('big.txt', Buffer.alloc(KNOWLEDGE_FILE_MAX_BYTES + 1, 97))).toBe('tooLarge');
  });
});
