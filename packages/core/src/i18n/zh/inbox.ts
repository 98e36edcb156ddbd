export default {
  title: '消息中心',
  unreadCount: '{{count}} 条未读',
  readAll: '全部已读',
  deleteAll: '全部删除',
  deleteAllTitle: '确定删除全部消息？',
  deleteAllBody: '删除后无法恢复。',
  empty: '暂无消息',
  loadFailed: '消息加载失败',
  failed: '操作失败，请稍后再试',
} as const;
