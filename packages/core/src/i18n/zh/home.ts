export default {
  heroTitle: 'AI 商拍与营销内容工作室',
  heroBody:
    '上传人台、模特、假发、鞋子或商品照片，几分钟得到可直接上架的营销图片、抠图、新背景和短视频；用热点和营销日历生成创意和各平台文案。',
  start: '立即开始',
  tool_aiCutout: '一键去除背景，得到透明底商品图',
  tool_productBg: '商品主体换上纯色或场景背景，带柔和投影',
  tool_rewriteBackground: '把商品放进参考图的场景和光线里',
  tool_aiQrCode: '把链接变成与场景融合、依然可扫的艺术二维码',
  tool_aiVideoSingle: '一张图生成运镜短视频',
  tool_contentHotspot: '从热点和营销日历生成创意和文案',
} as const;
