/**
 * Platform marketing nodes: our own table (lunar-javascript knows festivals, not shop campaigns).
 * A node is on a Gregorian date or a lunar date; `desc` is the activity description shown with
 * showActivityDesc, in both languages.
 */
export interface PlatformNode {
  name: string;
  nameEn: string;
  /** Gregorian month/day, or lunar month/day when `lunar` is set. */
  month: number;
  day: number;
  lunar?: boolean;
  desc: { zh: string; en: string };
}

export const PLATFORM_NODES: PlatformNode[] = [
  {
    name: '年货节',
    nameEn: 'New Year Goods Festival',
    month: 12,
    day: 8,
    lunar: true,
    desc: {
      zh: '腊八前后各平台年货节开场：年货礼盒、囤货满减、春节不打烊预告',
      en: 'Shops open their New Year goods festival around Laba: gift boxes, stock-up discounts, open-over-the-holiday notices',
    },
  },
  {
    name: '38女神节',
    nameEn: 'Goddess Day (3.8)',
    month: 3,
    day: 8,
    desc: {
      zh: '女性消费主题大促：美妆、服饰、礼品，宠爱自己话题',
      en: "Women's day sales: beauty, fashion, gifts; treat-yourself topics",
    },
  },
  {
    name: '315消费者权益日',
    nameEn: '3.15 Consumer Rights Day',
    month: 3,
    day: 15,
    desc: {
      zh: '品质与售后承诺的好时机：展示质检、正品保障',
      en: 'A moment for quality and after-sales promises: inspections, authenticity',
    },
  },
  {
    name: '520表白日',
    nameEn: '520 Confession Day',
    month: 5,
    day: 20,
    desc: {
      zh: '“我爱你”谐音节点：情侣礼物、告白文案、限定礼盒',
      en: '"I love you" day: couple gifts, confession copy, limited gift boxes',
    },
  },
  {
    name: '618年中大促',
    nameEn: '618 Mid-year Sale',
    month: 6,
    day: 18,
    desc: {
      zh: '年中最大电商节：预售、定金膨胀、满减，6月初开始预热',
      en: 'The mid-year shopping festival: pre-sales, deposits, discounts; warm-up from early June',
    },
  },
  {
    name: '七夕',
    nameEn: 'Qixi',
    month: 7,
    day: 7,
    lunar: true,
    desc: {
      zh: '中国情人节：礼物清单、浪漫场景、同城约会',
      en: 'Chinese Valentine’s day: gift lists, romantic scenes, local dates',
    },
  },
  {
    name: '开学季',
    nameEn: 'Back to School',
    month: 9,
    day: 1,
    desc: {
      zh: '学生与家长的采购季：文具、数码、服饰、宿舍好物',
      en: 'Back to school: stationery, electronics, clothes, dorm essentials',
    },
  },
  {
    name: '99大促',
    nameEn: '99 Sale',
    month: 9,
    day: 9,
    desc: {
      zh: '下半年首个大促：品类日、直播秒杀',
      en: 'The first big sale of the second half: category days, live-stream flash sales',
    },
  },
  {
    name: '双11',
    nameEn: 'Double 11',
    month: 11,
    day: 11,
    desc: {
      zh: '全年最大购物节：10月下旬预售开启，种草内容需提前两周布局',
      en: 'The biggest shopping festival: pre-sales from late October; plant seeding content two weeks ahead',
    },
  },
  {
    name: '双12',
    nameEn: 'Double 12',
    month: 12,
    day: 12,
    desc: {
      zh: '年终返场大促：清仓、年终礼、店铺周年庆',
      en: 'Year-end encore sale: clearance, year-end gifts, shop anniversaries',
    },
  },
];
