import type { AgreementFile } from '@productimage/kit';
import type { LoginSetup } from '@productimage/kit/login';
import { isMobile } from '../../../app/layout.ts';
import { channel } from './channel.ts';

/** The user-agreement page of the web app; `framed` is the phone's in-modal frame without chrome. */
const agreementUrl = (file: AgreementFile, framed: boolean) =>
  `${import.meta.env.BASE_URL}user-agreement?file=${file}${framed ? '&mobile=true&headHidden=true' : ''}`;

/** What the kit's login views need from the web app, for the page's current query. */
export const webLoginSetup = (query: URLSearchParams): LoginSetup => ({ channel, isMobile, query, agreementUrl });
