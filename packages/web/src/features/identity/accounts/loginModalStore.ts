/** The login modal's state is the kit's, so plugins and the web app open it the same way. */
export { type LoginTab, type LoginView, useLoginModal } from '@productimage/kit';
