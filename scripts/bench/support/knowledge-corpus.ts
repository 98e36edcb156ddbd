/**
 * The knowledge benches' corpus (knowledge.ts, search-layouts.ts): Chinese product copy from a
 * seeded generator, so every run indexes the same chunks and asks the same queries.
 */
// A vocabulary big enough that a query term is in a small share of the chunks, as in real product
// material (brands x categories, many traits and scenes); the filler words are in every chunk.
export const BRANDS = [
  '星空',
  '云朵',
  '极光',
  '青柠',
  '山茶',
  '白桃',
  '海盐',
  '松果',
  '琥珀',
  '月光',
  '晨曦',
  '麦田',
  '薄荷',
  '珊瑚',
  '雪松',
  '橘子',
  '墨竹',
  '樱花',
  '银河',
  '暖阳',
];
export const CATEGORIES = [
  '保温杯',
  '饭盒',
  '防晒霜',
  '蓝牙耳机',
  '跑鞋',
  '连衣裙',
  '面膜',
  '咖啡机',
  '行李箱',
  '台灯',
  '背包',
  '口红',
  '充电宝',
  '空气炸锅',
  '羽绒服',
];
export const PRODUCTS = BRANDS.flatMap((b) => CATEGORIES.map((c) => `${b}${c}`));
export const TRAITS = [
  '轻便',
  '耐用',
  '防水',
  '保湿',
  '降噪',
  '透气',
  '大容量',
  '快充',
  '静音',
  '抗菌',
  '不锈钢',
  '真丝',
  '可折叠',
  '智能温控',
  '低糖',
  '防滑',
  '速干',
  '加厚',
  '便携',
  '复古',
  '简约',
  '高弹',
  '无线',
  '护眼',
  '美白',
  '控油',
  '修身',
  '宽松',
  '耐磨',
  '防摔',
  '恒温',
  '低噪',
  '长续航',
  '快干',
  '柔软',
  '抗皱',
  '防晒',
  '保暖',
  '透明',
  '环保',
];
export const SCENES = [
  '通勤',
  '户外露营',
  '办公室',
  '学生宿舍',
  '健身房',
  '旅行',
  '居家',
  '约会',
  '送礼',
  '亲子出游',
  '海边度假',
  '登山',
  '骑行',
  '出差',
  '年会',
  '婚礼',
  '开学季',
  '毕业季',
  '野餐',
  '钓鱼',
];

// A fixed seed: every size indexes the same corpus and asks the same queries in every run.
let seed = 42;
/** Starts the sequence again from `value`: the same texts and queries follow. */
export const reseed = (value: number) => {
  seed = value;
};
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
export const pick = <T>(list: T[]) => list[rand(list.length)]!;

export const sentence = () =>
  `这款${pick(TRAITS)}${pick(PRODUCTS)}适合${pick(SCENES)}使用，${pick(TRAITS)}又${pick(TRAITS)}，售价${100 + rand(900)}元。`;

/** Sentences of product copy up to at least `chars` characters. */
export function chunkText(chars: number): string {
  let text = '';
  while (text.length < chars) text += sentence();
  return text;
}

/** A three-term query: a trait, a product and a scene. */
export const query = () => `${pick(TRAITS)} ${pick(PRODUCTS)} ${pick(SCENES)}`;
