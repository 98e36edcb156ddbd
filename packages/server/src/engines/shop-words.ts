/**
 * Shop words the segmenter's general dictionary (jieba's) does not know as words, so a poster line or
 * a cut title never breaks inside them (issue 44: "通勤百搭高 / 腰阔腿", "显 / 瘦", "托特 / 包"). Garment cuts and fits,
 * product nouns with their kind ("xx包", "xx裤", "xx杯"), and the shop's own words. Loaded into the
 * segmenter with a high frequency, so they win over a split. Words are added here when a poster is
 * found breaking one; the held-out titles of the poster tests (poster/titles.test-support.ts) are never added.
 */
const WORDS = [
  // cuts, fits and styles
  '高腰',
  '低腰',
  '中腰',
  '阔腿',
  '阔腿裤',
  '直筒裤',
  '拖地裤',
  '哈伦裤',
  '工装裤',
  '显瘦',
  '显高',
  '垂感',
  '百搭',
  '通勤',
  '收腰',
  '修身',
  '宽松',
  '落肩',
  '连帽',
  '加绒',
  '加厚',
  '春秋款',
  '秋冬款',
  '中长款',
  '短款',
  '长款',
  '同款',
  '北欧风',
  '法式',
  '碎花',
  '学生党',
  // product nouns
  '卫衣',
  '连帽卫衣',
  '托特包',
  '斜挎包',
  '手提包',
  '双肩包',
  '单肩包',
  '马克杯',
  '咖啡杯',
  '带盖勺',
  '跑步鞋',
  '运动鞋',
  '长绒棉',
  '四件套',
  '入耳式',
  '防晒霜',
  // the shop's words
  '到手价',
  '券后价',
  '秒杀',
  '包邮',
  '现货',
  '爆款',
  '新款',
] as const;

/** The words in jieba's dictionary format: one "word frequency" a line. */
export const SHOP_DICTIONARY = new TextEncoder().encode(WORDS.map((w) => `${w} 200000`).join('\n'));
