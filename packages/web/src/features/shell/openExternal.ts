import { Toast } from '@douyinfe/semi-ui-19';
import { api } from '../../app/api.ts';
import { reportNavigateOut } from '../embed/navigateOut.ts';

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
    Toast.error((error as Error).message || failedText);
  }
}
