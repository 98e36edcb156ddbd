/** The creation space (/personal-center): everything the user generated. */
export default {
  title: 'Creation space',
  retention: 'Your plan keeps generations for {{days}} days.',
  filterTool: 'Tool',
  filterStatus: 'Status',
  allTools: 'All tools',
  allStatuses: 'All statuses',
  emptyTitle: 'Nothing created yet',
  emptyBody: 'Everything you generate with the tools is kept here.',
  emptyFiltered: 'Nothing matches these filters',
  startCreating: 'Start creating',
  open: 'View',
  openTool: 'Open the tool',
  delete: 'Delete',
  deleteConfirm: 'Delete this creation?',
  deleteConfirmBody: 'Its results are removed and cannot be recovered.',
  stillRunning: 'Still generating. The results appear here when it finishes.',
} as const;
