/**
 * The built-in rule sets of the text compliance engine, versioned with the code. Every set names
 * its public source (docs/compliance.md lists them with links); a change of any list bumps
 * RULES_VERSION so a verdict can be traced to the lists it was made with.
 *
 * Terms are written as a reader would see them; the engine normalises them like the text
 * (full-width, case, traditional characters, spaces and punctuation dropped), so "NO.1" and
 * "no 1" are one term. `allow` lists ordinary words that contain a term and are not claims
 * ("第一次", "最近"): a hit lying wholly inside an allowed word is not reported.
 */

export const RULES_VERSION = '2026.11.1';

export const COMPLIANCE_PLATFORMS = ['douyin', 'xiaohongshu', 'weibo', 'wechat', 'taobao'] as const;
export type CompliancePlatform = (typeof COMPLIANCE_PLATFORMS)[number];
export const COMPLIANCE_CATEGORIES = ['apparel', 'cosmetics', 'food', 'general'] as const;
export type ComplianceCategory = (typeof COMPLIANCE_CATEGORIES)[number];
export type HitLevel = 'warn' | 'block';

/** The rule ids; each has its reason in the `compliance` i18n namespace (`reasons.<rule>`). */
export const RULE_IDS = [
  'absolute',
  'price',
  'urgency',
  'medical',
  'efficacy',
  'endorsement',
  'diversion',
  'link',
  'contact',
  'tenantWord',
  'personaWord',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

export interface TermGroup {
  rule: RuleId;
  level: HitLevel;
  /** Terms; `term=suggestion` gives a safe replacement for that term. */
  terms: string[];
  /** Only for these categories (none: every category, and a check without a category). */
  categories?: ComplianceCategory[];
  /** Only for these platforms (none: every platform, and a check without a platform). */
  platforms?: CompliancePlatform[];
}

/**
 * 广告法 art. 9(3): "不得使用'国家级'、'最高级'、'最佳'等用语"; the terms are the ones the
 * market regulators' published cases and the marketplaces' lists (淘宝/京东 极限词) name.
 */
const ABSOLUTE: TermGroup[] = [
  {
    rule: 'absolute',
    level: 'block',
    terms: [
      '国家级=优质',
      '国际级=高品质',
      '世界级=高品质',
      '宇宙级=高品质',
      '全球级=高品质',
      '最高级=高品质',
      '最佳=出色',
      '最好=很好',
      '最优=优选',
      '最优秀=优秀',
      '最强=强劲',
      '最具',
      '最赚',
      '最高端=高端',
      '最奢侈',
      '最便宜=实惠',
      '最低价=优惠价',
      '最底价=优惠价',
      '最流行=流行',
      '最受欢迎=广受喜爱',
      '最时尚=时尚',
      '最舒适=舒适',
      '最先进=先进',
      '最新技术=新技术',
      '最新科技=新科技',
      '最新科学',
      '最完美',
      '最安全=安全',
      '最专业=专业',
      '最正宗=正宗',
      '最权威',
      '最热销=热销',
      '最有效',
      '最实惠=实惠',
      '最划算=划算',
      '最值得=值得',
      '最适合=适合',
      '最好用=好用',
      '史上最',
      '全网最',
      '全球最',
      '全国最',
      '第一=领先',
      '中国第一',
      '全网第一',
      '全国第一',
      '全球第一',
      '世界第一',
      '销量第一=热销',
      '排名第一',
      '口碑第一=口碑好',
      '行业第一',
      '第一品牌=知名品牌',
      'no1=热门',
      'top1=热门',
      '唯一=少有',
      '独一无二=与众不同',
      '绝无仅有=少见',
      '无与伦比=出众',
      '史无前例',
      '前所未有',
      '空前绝后',
      '前无古人',
      '无人能及',
      '无可比拟',
      '不可超越',
      '首个=早期',
      '首家',
      '首选=优选',
      '首发=上新',
      '全网首发=上新',
      '全球首发=上新',
      '全国首发=上新',
      '首款',
      '独家=特色',
      '顶级=高品质',
      '顶尖=优质',
      '极品',
      '极致=出色',
      '终极',
      '至尊',
      '王牌',
      '冠军=热门',
      '销冠=热销',
      '巅峰',
      '百分百=',
      '100%=',
      '万能=多用途',
      '领导品牌',
      '领袖品牌',
      '遥遥领先',
      '世界领先',
      '全球领先',
      '全国领先',
      '领先同行',
      '填补国内空白',
      '秒杀一切',
      '秒杀全网',
      '永久=长久',
      '永不',
      '零风险',
      '稳赚不赔',
      '绝版',
    ],
  },
];

/** Softer superlatives and absolutes: listed by the marketplaces, read as claims in most contexts. */
const SOFT_ABSOLUTE: TermGroup[] = [
  {
    rule: 'absolute',
    level: 'warn',
    terms: [
      '最大程度',
      '全球最大',
      '最大品牌',
      '最美=很美',
      '最火=热门',
      '最牛',
      '完美=出色',
      '绝对=非常',
      '史诗级',
      '天花板=高水准',
    ],
  },
];

/**
 * Prices: 价格法 art. 14 and 明码标价和禁止价格欺诈规定 (2022) art. 19 (no unfounded "最低价",
 * "出厂价", no invented original prices); urgency: 规范促销行为暂行规定 and the marketplaces'
 * rules on false scarcity ("随时涨价" and kin are named by 淘宝 and 京东).
 */
const PRICE_URGENCY: TermGroup[] = [
  {
    rule: 'price',
    level: 'block',
    terms: ['全网最低价=优惠价', '史上最低价=优惠价', '全网最低=优惠', '价格最低=价格实惠', '最低价格=优惠价格'],
  },
  {
    rule: 'price',
    level: 'warn',
    terms: ['出厂价=优惠价', '成本价=优惠价', '亏本甩卖=限时优惠', '亏本', '跳楼价=特惠价', '清仓价', '内部价=会员价', '批发价'],
  },
  {
    rule: 'urgency',
    level: 'block',
    terms: ['随时涨价', '随时结束', '马上涨价', '马上降价', '明天就涨价', '明天涨价', '再也没有这个价', '以后再也没有'],
  },
  {
    rule: 'urgency',
    level: 'warn',
    terms: ['仅此一次', '错过再等一年', '错过就没有了', '不买就亏', '手慢无', '最后一波', '仅剩最后', '倒计时'],
  },
];

/**
 * 广告法 art. 17 (outside medicines and medical devices no ad may claim to treat or prevent
 * disease), art. 16, 18 and 28; 食品安全法 art. 73; 化妆品监督管理条例 art. 37 and 化妆品标签
 * 管理办法 art. 19 (no medical effect for cosmetics); 保健食品 may name only its approved function.
 */
const MEDICAL: TermGroup[] = [
  {
    rule: 'medical',
    level: 'block',
    terms: [
      '治疗=改善',
      '治愈',
      '根治',
      '治好',
      '疗效=效果',
      '药到病除',
      '包治',
      '特效药',
      '处方',
      '抗癌',
      '防癌',
      '抗肿瘤',
      '消炎',
      '预防疾病',
      '预防感冒',
      '降血压',
      '降血糖',
      '降血脂',
      '降三高',
      '三高',
      '预防疾病',
      '疾病',
      '失眠',
      '关节炎',
      '永不复发',
      '无副作用=温和',
      '零副作用=温和',
      '无毒副作用',
      '排毒',
      '清除体内毒素',
      '壮阳',
      '补肾',
      '湿疹',
      '便秘',
      '医用级',
      '医学级',
      '药用',
      '增强免疫力',
      '提高免疫力',
      '改善睡眠',
      '护肝',
      '养胃',
      '延年益寿',
      '长生不老',
      '安全无副作用',
      '绝对安全',
    ],
  },
  {
    rule: 'efficacy',
    level: 'block',
    categories: ['cosmetics'],
    terms: [
      '祛斑=提亮',
      '去斑',
      '淡斑',
      '祛痘=清爽',
      '去痘',
      '除痘',
      '祛皱',
      '去皱',
      '除皱',
      '生发',
      '防脱发',
      '长头发',
      '头发长出来',
      '告别秃顶',
      '丰胸',
      '瘦脸',
      '换肤',
      '逆龄',
      '返老还童',
      '永久脱毛',
      '激素',
      '七天见效',
      '立竿见影',
      '一抹就白',
      '速白',
    ],
  },
  { rule: 'efficacy', level: 'warn', categories: ['cosmetics'], terms: ['美白=提亮', '抗皱', '紧致', '修复'] },
  {
    rule: 'efficacy',
    level: 'block',
    categories: ['food'],
    terms: [
      '减肥=轻盈',
      '瘦身',
      '燃脂',
      '刮油',
      '不反弹',
      '瘦十斤',
      '长高',
      '增高',
      '补脑',
      '益智',
      '养颜',
      '美容',
      '调节血糖',
      '调节血压',
      '抗衰老',
      '抗氧化',
      '延缓衰老',
      '解酒',
      '护眼',
      '明目',
      '助眠',
      '安神',
      '糖友',
    ],
  },
  {
    rule: 'efficacy',
    level: 'block',
    categories: ['apparel'],
    terms: ['磁疗', '防辐射', '矫正', '燃脂', '远红外', '负离子', '理疗', '治疗颈椎', '预防乳腺'],
  },
  {
    rule: 'efficacy',
    level: 'warn',
    categories: ['apparel'],
    terms: ['抗菌', '除螨', '塑形'],
  },
];

/**
 * 广告法 art. 9(2) (no state organ's name), art. 16(1)4, 18(1)5 (no endorsement by doctors,
 * experts or patients for medical, health food), art. 38; 商标法 art. 14(5) ("驰名商标" not in
 * ads); 产品质量法 (no "免检" since 2008).
 */
const ENDORSEMENT: TermGroup[] = [
  {
    rule: 'endorsement',
    level: 'block',
    terms: [
      '国家领导人',
      '领导人推荐',
      '央视推荐',
      'cctv推荐',
      '国家推荐',
      '国家机关推荐',
      '政府推荐',
      '专家推荐=用户好评',
      '医生推荐=用户好评',
      '医生都在用',
      '医生建议使用',
      '院士推荐',
      '教授推荐',
      '权威推荐',
      '权威认证',
      '权威机构',
      '特供=优选',
      '专供=优选',
      '国宴',
      '驰名商标=知名品牌',
      '免检',
      '质量免检',
      '国家免检',
      '指定产品',
      '官方指定',
    ],
  },
  {
    rule: 'endorsement',
    level: 'warn',
    terms: ['明星同款', '明星推荐', '网红推荐', '老师推荐', '亲自推荐', '正品保证', '绝对正品'],
  },
];

/**
 * Platform rules on sending buyers elsewhere: 小红书社区规范 (站外导流), 抖音电商 "站外引流"
 * rules, 微博 and 微信 (公众号) operating rules, 淘宝 市场管理与违规处理规范 (引导线下交易).
 * The diversion phrases are blocks where the platform punishes them, warnings elsewhere.
 */
const DIVERSION_TERMS = [
  '加微信',
  '加我微信',
  '加v',
  '加vx',
  '加wx',
  '加威',
  '加薇',
  '加卫星',
  'vx',
  'wx',
  'v信',
  '威信',
  '薇信',
  '微信号',
  '私信我',
  '私我',
  '私聊',
  '私发',
  '滴滴我',
  '戳我',
  '扣1',
  '扣扣',
  'qq号',
  'qq群',
  '加群',
  '进群',
  '扫码',
  '二维码',
  '主页有联系方式',
  '联系方式',
  '看主页',
  '淘宝搜',
  '拼多多',
  '京东搜',
  '闲鱼',
  '某宝',
  '某音',
  '链接在评论区',
  '评论区链接',
  '站外',
];

const PLATFORM: TermGroup[] = [
  { rule: 'diversion', level: 'block', platforms: ['douyin', 'xiaohongshu', 'taobao'], terms: DIVERSION_TERMS },
  { rule: 'diversion', level: 'warn', platforms: ['weibo'], terms: DIVERSION_TERMS },
  {
    rule: 'diversion',
    level: 'warn',
    platforms: ['wechat'],
    terms: DIVERSION_TERMS.filter((t) => !/微信|v|wx|威|薇|卫星|扫码|二维码/.test(t)),
  },
];

/** English marketing claims: the same laws read for English copy, plus the FTC's guides on endorsements. */
const ENGLISH: TermGroup[] = [
  {
    rule: 'absolute',
    level: 'block',
    terms: [
      'the best=a great',
      "world's best=a great",
      'best in the world',
      'best-selling=popular',
      'best selling=popular',
      'number one=a popular',
      'no. 1',
      '#1',
      'unbeatable',
      'unrivalled',
      'unrivaled',
      'ultimate',
      "world's first",
      'first in the world',
      'nothing else comes close',
      '100%',
      'guaranteed',
      'the lowest price=a good price',
      'lowest price=a good price',
      'cheapest=good value',
    ],
  },
  { rule: 'urgency', level: 'warn', terms: ['prices go up', 'at any moment', 'last chance', 'never again', 'now or never'] },
  {
    rule: 'medical',
    level: 'block',
    terms: [
      'cure',
      'cures',
      'prevents cancer',
      'prevents disease',
      'cured',
      'heal',
      'heals',
      'treats',
      'treatment',
      'prevent cancer',
      'miracle',
      'no side effects',
      'detox',
      'lose weight',
      'lose 10',
      'weight loss',
      'fat burning',
      'boost immunity',
      'anti-cancer',
      'clinically proven',
    ],
  },
  {
    rule: 'endorsement',
    level: 'block',
    terms: ['doctor recommended', 'doctors recommend', 'recommended by doctors', 'expert recommended'],
  },
  {
    rule: 'diversion',
    level: 'block',
    platforms: ['douyin', 'xiaohongshu', 'taobao'],
    terms: ['dm me', 'message me', 'add me on wechat', 'on wechat', 'whatsapp', 'link in bio', 'telegram'],
  },
];

/** Every built-in group. */
export const RULE_GROUPS: TermGroup[] = [
  ...ABSOLUTE,
  ...SOFT_ABSOLUTE,
  ...PRICE_URGENCY,
  ...MEDICAL,
  ...ENDORSEMENT,
  ...PLATFORM,
  ...ENGLISH,
];

/**
 * Context rules: ordinary words that contain a term and are not claims. A hit wholly inside one
 * of these is dropped. Examples (docs/compliance.md): "第一次用" (a first time, not a ranking),
 * "最近" (recently), "最后一件" (the last piece in stock is a fact), "唯一的缺点" (a drawback).
 */
export const ALLOWED_CONTEXTS: string[] = [
  // 第一: a first time, a first step, not a rank
  '第一次',
  '第一步',
  '第一天',
  '第一眼',
  '第一印象',
  '第一杯',
  '第一口',
  '第一件',
  '第一批',
  '第一个月',
  '第一周',
  '第一季',
  '第一章',
  '第一期',
  '第一条',
  '第一时间',
  '第一手',
  '第一反应',
  '第一感觉',
  '第一遍',
  '第一层',
  '第一款式',
  '的第一款',
  '第一名的位置',
  '第一名的座位',
  // 最: recency, order and amounts, not a claim
  '最近',
  '最初',
  '最终',
  '最后一件',
  '最后一步',
  '最后一天',
  '最后给',
  '最后总结',
  '最后说',
  '最多可',
  '最多能',
  '最少',
  '最低消费',
  '最低温度',
  '最低气温',
  '最高温度',
  '最高气温',
  '最好在',
  '最好不要',
  '最好先',
  '最好提前',
  '最好还是',
  '最喜欢的',
  '最爱的',
  '最想',
  '最大码',
  '最小',
  // 唯一: a drawback or a plain count
  '唯一的缺点',
  '唯一不足',
  '唯一缺点',
  // 治疗/疾病/预防 in a safety note about the buyer's own doctor
  '遵医嘱',
  '请咨询医生',
  '医生建议多',
  // 100%: composition, not efficacy
  '100%棉',
  '100%纯棉',
  '100%羊毛',
  '100%桑蚕丝',
  '100%涤纶',
  '100%亚麻',
  // 美容: places, 领先: plain verbs
  '美容院',
  '美容店',
  // 首发: a first shipment of an order
  '首发货',
  // English
  'best before',
  'best-before',
  'first time',
  'first try',
  'at least',
  'the only thing',
  'top-rated by our own',
  '100% cotton',
  '100% wool',
  '100% silk',
  '100% linen',
];
