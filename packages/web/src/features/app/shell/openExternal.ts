import { api } from '../../../app/api.ts';
import { reportNavigateOut } from '../../integrations/embed/navigateOut.ts';
import { ruledToast } from './toastConfig.ts';

/**
 * Opens an external tool (mixed cutting 0, muse 5, muse picks 10) in a new tab. The tab is opened
 * in the click itself so pop-up blockers allow it, then pointed at the URL the server answers.
 */
export async function openExternalTool(type: number, failedText: string) {
  const tab = window.open('', '_blank');
  try {
    const url = await api.GET('/api/external/video-url', { params: { query: { type } } });
    reportNavigateOut(url);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.href = url;
  } catch (error) {
    tab?.close();
    const message = (error as Error).message || failedText;
    // Semi's Toast loads on demand (toastConfig.ts), with the one-at-a-time rule set first.
    (await ruledToast()).error(message);
  }
}
