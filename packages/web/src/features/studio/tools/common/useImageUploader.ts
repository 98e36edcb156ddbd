import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginModal } from '../../../identity/accounts/loginModalStore.ts';
import { useSession } from '../../../identity/accounts/session.ts';
import { useFlags } from '../../../identity/tenants/useFlags.ts';
import { taskApi } from '../../tasks/taskApi.ts';
import { describeError } from '../../tasks/taskErrors.ts';
import { checkImage, readImageFacts, uploadRulesOf } from './imageRules.ts';

/** A generation input stored on the server, with a local preview and its pixel size. */
export interface UploadedImage {
  url: string;
  preview: string;
  name: string;
  width: number;
  height: number;
}

/**
 * Checks a picked file on the client (the server's rules, the server's messages) and stores it on
 * the server. Asks anonymous users to log in first. `error` holds the last refusal, translated.
 */
export function useImageUploader() {
  const { t } = useTranslation(['errors', 'common']);
  const { current } = useSession();
  const showLogin = useLoginModal((s) => s.show);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const { flags } = useFlags();

  const upload = async (file: File): Promise<UploadedImage | null> => {
    if (!current) {
      showLogin('login');
      return null;
    }
    setError(null);
    setUploading((n) => n + 1);
    try {
      const facts = await readImageFacts(file);
      const problem = checkImage(facts, uploadRulesOf(flags));
      // Under the minimum may still be one of the user's own results (a downloaded cutout or 1080P
      // picture): the server knows them by content and takes them whatever the minimum (issue 41).
      const mayBeOwnResult = problem?.key === 'uploadTooSmall' || problem?.key === 'uploadResolutionTooLow';
      if (problem && !mayBeOwnResult) {
        setError(t(`errors:${problem.key}`, problem.params));
        return null;
      }
      let url = await taskApi.upload(file, file.name);
      // Checked as a task would take it: refused with the server's own message when it is a fresh photo.
      if (mayBeOwnResult) url = await taskApi.resolve(url);
      return { url, preview: URL.createObjectURL(file), name: file.name, width: facts.width, height: facts.height };
    } catch (err) {
      const described = describeError(err, t);
      if (described.kind === 'login') showLogin('login');
      setError(described.message);
      return null;
    } finally {
      setUploading((n) => n - 1);
    }
  };

  return { upload, uploading: uploading > 0, error, clearError: () => setError(null) };
}
