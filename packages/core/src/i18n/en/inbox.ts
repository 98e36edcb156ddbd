export default {
  title: 'Messages',
  unreadCount_one: '{{count}} unread',
  unreadCount_other: '{{count}} unread',
  readAll: 'Mark all as read',
  deleteAll: 'Delete all',
  deleteAllTitle: 'Delete all messages?',
  deleteAllBody: 'All your messages will be removed. This cannot be undone.',
  empty: 'No messages yet',
  loadFailed: 'Messages could not be loaded',
  failed: 'The operation failed, please try again later',
} as const;
