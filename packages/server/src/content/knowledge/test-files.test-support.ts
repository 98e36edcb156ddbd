import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

/** Real office files made on the fly for parser and upload tests (tests only). */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

/** Latin text only: pdfkit's built-in fonts have no Chinese glyphs. */
export function makePdf(pages: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const parts: Buffer[] = [];
    doc.on('data', (part: Buffer) => parts.push(part));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    for (const text of pages) {
      doc.addPage();
      doc.fontSize(12).text(text);
    }
    doc.end();
  });
}

export async function makeXlsx(sheet: string, rows: Array<Array<string | number>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
