import type { IdeaStyle, Language, MktType, Platform, SocialMediaType, SocialType } from '@productimage/core';

/** What a marketer gave us: the topic (hotspot, calendar day or custom idea) and their product. */
export interface BriefInput {
  lang: Language;
  topic: string;
  topicDesc?: string;
  productInfo: string;
  marketDesc: string;
  mktType: MktType;
  ideaStyle: IdeaStyle;
}

export interface IdeaDraft {
  title: string;
  content: string;
}

export interface ContentInput {
  lang: Language;
  platform: Platform;
  socialMediaType: SocialMediaType;
  productInfo: string;
  marketDesc: string;
  mktType: MktType;
  ideaStyle: IdeaStyle;
  idea?: IdeaDraft;
  /** The KOS persona to write as (a system-prompt paragraph), chat model only. */
  persona?: string;
}

export interface ContentDraft {
  title: string;
  content: string;
}

export type { SocialType };
