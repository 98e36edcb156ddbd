/** 创作空间（/personal-center）：用户生成的全部作品。 */
export default {
  title: '创作空间',
  retention: '你的套餐可保留 {{days}} 天内的生成记录。',
  filterTool: '工具',
  filterStatus: '状态',
  allTools: '全部工具',
  allStatuses: '全部状态',
  emptyTitle: '还没有作品',
  emptyBody: '使用各工具生成的内容都会保存在这里。',
  emptyFiltered: '没有符合筛选条件的作品',
  startCreating: '开始创作',
  open: '查看',
  openTool: '打开工具',
  delete: '删除',
  deleteConfirm: '确定删除这条作品吗？',
  deleteConfirmBody: '删除后结果将无法恢复。',
  stillRunning: '仍在生成中，完成后结果会显示在这里。',
} as const;
