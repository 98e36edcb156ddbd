/** The session (current user, token hand-off, logout) is the kit's, shared with the Base plugins. */
export { CURRENT_USER_KEY, useAcceptToken, useLogout, useSession } from '@productimage/kit';
