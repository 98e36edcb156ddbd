import type { PresetRules } from './checks.ts';

/**
 * The marketplace presets the migration seeds (docs/batches.md lists each rule with its public
 * source; "Picture checks" for noText, noBorder and oneProduct). Operators change them without a deploy (PUT /api/batches/presets/:name); this list is
 * only the starting point.
 */
export interface SeedPreset {
  name: string;
  label: string;
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp';
  maxBytes: number;
  rules: PresetRules;
  source: string;
}

const MB = 1024 * 1024;

export const SEED_PRESETS: SeedPreset[] = [
  {
    name: 'taobao',
    label: 'Taobao / Tmall main image',
    width: 800,
    height: 800,
    format: 'jpeg',
    maxBytes: 3 * MB,
    rules: {
      whiteBackground: false,
      minFill: 0,
      margin: 0,
      noText: true,
      noBorder: true,
      oneProduct: false,
      contactShadow: true,
    },
    source: 'https://rule.taobao.com (淘宝网商品主图规范; Tmall 商品主图发布规范)',
  },
  {
    name: 'taobao-white',
    label: 'Taobao / Tmall white-background image',
    width: 800,
    height: 800,
    format: 'png',
    maxBytes: 3 * MB,
    rules: {
      whiteBackground: true,
      minFill: 0.6,
      margin: 0.02,
      noText: true,
      noBorder: true,
      oneProduct: true,
      contactShadow: false,
    },
    source: 'https://rule.taobao.com (淘宝/天猫 白底图规范)',
  },
  {
    name: 'jd',
    label: 'JD main image',
    width: 800,
    height: 800,
    format: 'jpeg',
    maxBytes: 1 * MB,
    rules: {
      whiteBackground: true,
      minFill: 0.6,
      margin: 0.02,
      noText: true,
      noBorder: true,
      oneProduct: true,
      contactShadow: false,
    },
    source: 'https://helpcenter.jd.com (京东开放平台 商品主图规范)',
  },
  {
    name: 'pinduoduo',
    label: 'Pinduoduo main image',
    width: 750,
    height: 750,
    format: 'jpeg',
    maxBytes: 1 * MB,
    rules: {
      whiteBackground: false,
      minFill: 0,
      margin: 0,
      noText: true,
      noBorder: true,
      oneProduct: false,
      contactShadow: true,
    },
    source: 'https://mms.pinduoduo.com (拼多多商家后台 商品轮播图规范)',
  },
  {
    name: 'douyin',
    label: 'Douyin shop main image',
    width: 800,
    height: 800,
    format: 'jpeg',
    maxBytes: 5 * MB,
    rules: {
      whiteBackground: false,
      minFill: 0,
      margin: 0,
      noText: true,
      noBorder: true,
      oneProduct: false,
      contactShadow: true,
    },
    source: 'https://school.jinritemai.com (抖店 商品主图规范)',
  },
  {
    name: 'xiaohongshu',
    label: 'Xiaohongshu note (3:4)',
    width: 1080,
    height: 1440,
    format: 'jpeg',
    maxBytes: 20 * MB,
    rules: {
      whiteBackground: false,
      minFill: 0,
      margin: 0.05,
      noText: false,
      noBorder: false,
      oneProduct: false,
      contactShadow: true,
    },
    source: 'https://creator.xiaohongshu.com (小红书创作服务平台 图文笔记 3:4 推荐比例)',
  },
  {
    name: 'amazon',
    label: 'Amazon main image',
    width: 2000,
    height: 2000,
    format: 'jpeg',
    maxBytes: 10 * MB,
    rules: {
      whiteBackground: true,
      minFill: 0.85,
      margin: 0,
      noText: true,
      noBorder: true,
      oneProduct: true,
      contactShadow: true,
    },
    source: 'https://sellercentral.amazon.com/help/hub/reference/external/G1881 (Product image requirements)',
  },
  {
    name: 'shopify',
    label: 'Shopify product image',
    width: 2048,
    height: 2048,
    format: 'jpeg',
    maxBytes: 20 * MB,
    rules: {
      whiteBackground: false,
      minFill: 0,
      margin: 0,
      noText: false,
      noBorder: false,
      oneProduct: false,
      contactShadow: true,
    },
    source: 'https://help.shopify.com/en/manual/products/product-media/product-media-types',
  },
];
