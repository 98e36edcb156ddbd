import { WORD_EXPORT } from '@productimage/core';
import type { Paragraph } from 'docx';

const PLATFORM_NAMES: Record<string, { zh: string; en: string }> = {
  douyin: { zh: '抖音', en: 'Douyin' },
  xiaohongshu: { zh: '小红书', en: 'Xiaohongshu' },
  weibo: { zh: '微博', en: 'Weibo' },
  wechat: { zh: '微信', en: 'WeChat' },
};

/** A4 in twips (210 x 297 mm). */
const A4 = { width: 11906, height: 16838 };

export interface ExportInput {
  title: string;
  lang: 'zh' | 'en';
  /** Shown under the title for drafts of the offline writer. */
  label?: string;
  /** Pictures are square PNGs (poster engine), shown 300 pt wide. */
  items: Array<{ platform: string; title: string; content: string; images?: Buffer[] }>;
}

/** The Word file of a content task (spec 001 §9): A4, margins 1440 twips, a section per platform with its title, text and pictures. */
export async function contentToDocx(input: ExportInput): Promise<Buffer> {
  // docx loads with the first export, not at every server start (issue 27).
  const { Document, HeadingLevel, ImageRun, Packer, PageOrientation, Paragraph, TextRun } = await import('docx');
  const children: Paragraph[] = [new Paragraph({ text: input.title, heading: HeadingLevel.TITLE })];
  if (input.label)
    children.push(new Paragraph({ children: [new TextRun({ text: input.label, italics: true, color: '888888' })] }));
  for (const item of input.items) {
    children.push(
      new Paragraph({ text: PLATFORM_NAMES[item.platform]?.[input.lang] ?? item.platform, heading: HeadingLevel.HEADING_1 }),
    );
    if (item.title) children.push(new Paragraph({ children: [new TextRun({ text: item.title, bold: true })] }));
    for (const line of item.content.split('\n')) children.push(new Paragraph({ text: line }));
    for (const image of item.images ?? [])
      children.push(
        new Paragraph({ children: [new ImageRun({ type: 'png', data: image, transformation: { width: 300, height: 300 } })] }),
      );
  }
  const m = WORD_EXPORT.marginTwips;
  const doc = new Document({
    title: input.title,
    sections: [
      {
        properties: {
          page: {
            size: { width: A4.width, height: A4.height, orientation: PageOrientation.PORTRAIT },
            margin: { top: m, right: m, bottom: m, left: m },
          },
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
