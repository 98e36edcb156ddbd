export default {
  title: '意见反馈',
  titlePlaceholder: '标题（必填）',
  contentPlaceholder: '请描述遇到的问题或建议（必填），可直接粘贴截图',
  addImage: '添加图片',
  replaceImage: '更换图片',
  removeImage: '移除图片',
  imageHint: '可上传 1 张 png 或 jpeg 图片，不超过 20M，支持粘贴。',
  uploading: '上传中',
  uploadFailed: '上传失败，请重试',
  failed: '提交失败，请稍后再试',
} as const;
