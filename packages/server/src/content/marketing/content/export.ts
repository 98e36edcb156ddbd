import { type Language, WORD_EXPORT } from '@productimage/core';
import type { Paragraph } from 'docx';
import type { AppContext } from '../../../platform/context.ts';
import { translate } from '../../../platform/http/i18n.ts';
import { guardCompliance } from '../../compliance/service.ts';
import { activeEngine, offlineLabelKey } from '../writer/text-engine.ts';
import { resultPictureKeys } from './pictures.ts';
import { contentView } from './view.ts';

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

/**
 * The Word file of the user's content task (GET /content/:id/export): its finished posts with their
 * pictures, offline-writer drafts labelled. A post with a block-level compliance hit is refused
 * (complianceBlocked) unless the user overrides it, which the audit log records.
 */
export async function contentDocument(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  id: string,
  override: boolean,
  lang: Language,
): Promise<{ fileName: string; data: Buffer }> {
  const view = await contentView(ctx, user.id, id, lang);
  const items = view.items.filter((i) => i.status === 'success');
  await guardCompliance(ctx.db, user, view.contentId, items, override, 'export');
  const pictures = await resultPictureKeys(ctx, view.contentId);
  const title = view.idea?.title || items[0]?.socialMediaMarketingTitle || translate(lang, 'marketing:content.exportTitle');
  const data = await contentToDocx({
    title,
    lang,
    label:
      view.engine === 'offline-writer' ? translate(lang, offlineLabelKey((await activeEngine(ctx)).offlineReason)) : undefined,
    items: await Promise.all(
      items.map(async (i) => ({
        platform: i.platform,
        title: i.socialMediaMarketingTitle,
        content: i.socialMediaMarketingContent,
        images: (
          await Promise.all((pictures.get(i.textId) ?? []).map(async (key) => (await ctx.storage.get(key))?.data ?? null))
        ).filter((b): b is Buffer => !!b),
      })),
    ),
  });
  return { fileName: `content-${view.contentId.slice(0, 8)}.docx`, data };
}
