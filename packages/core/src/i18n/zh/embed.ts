/** Texts of the embed SDK's own states (shown by the host page around the iframe). */
export default {
  loading: '灵感商拍加载中…',
  unreachableTitle: '暂时无法连接灵感商拍',
  unreachableBody: '请检查网络后重试。',
  incompatibleTitle: '嵌入版本不兼容',
  incompatibleBody: '请更新页面中的灵感商拍嵌入脚本。',
  retry: '重试',
  frameTitle: '灵感商拍',
};
