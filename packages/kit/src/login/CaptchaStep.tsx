import { Button, Input, Spin } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKit } from '../session.tsx';
import { fetchCaptcha, solveChallenge, verifyCaptcha } from './accountCalls.ts';
import { authErrorText } from './authErrors.ts';

interface Props {
  mobileId: string;
  /** Called once the typed captcha was accepted; the parent sends the code. */
  onVerified(): Promise<void> | void;
  onCancel(): void;
}

/**
 * The image check before a code is sent (spec 000 §4): shows the captcha, the user types it and
 * confirms. An empty image means the server throttled us; a wrong answer loads a new image.
 * Beside the image the browser solves a proof-of-work challenge (ALTCHA) while the user types, so
 * a script pays for every try (security.md); each check uses one solution, so each new image
 * starts a new one.
 */
export function CaptchaStep({ mobileId, onVerified, onCancel }: Props) {
  const { t } = useTranslation(['auth', 'common']);
  const { api } = useKit();
  const [image, setImage] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<string | null>(null);
  /** The proof of work for the next check, being solved in the background. */
  const work = useRef<{ solution: Promise<string | null>; abort: AbortController } | null>(null);

  const startWork = useCallback(() => {
    work.current?.abort.abort();
    const abort = new AbortController();
    work.current = { solution: solveChallenge(api, abort.signal).catch(() => null), abort };
  }, [api]);

  const load = useCallback(async () => {
    setLoading(true);
    startWork();
    try {
      const url = await fetchCaptcha(api, mobileId);
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = url;
      setImage(url);
      // A failed answer's message stays up while the new image loads; only throttling replaces it.
      if (!url) setError(t('auth:captchaThrottled'));
    } catch (err) {
      setImage(null);
      setError(authErrorText(err, t, 'auth:captchaThrottled'));
    } finally {
      setLoading(false);
    }
  }, [api, mobileId, t, startWork]);

  useEffect(() => {
    void load();
    return () => {
      if (current.current) URL.revokeObjectURL(current.current);
      work.current?.abort.abort();
    };
  }, [load]);

  async function confirm() {
    if (!answer.trim() || busy) return;
    setBusy(true);
    try {
      const altcha = (await work.current?.solution) ?? null;
      // The solution is spent by this check, whatever its outcome.
      work.current = null;
      if (await verifyCaptcha(api, mobileId, answer.trim(), altcha)) {
        await onVerified();
        return;
      }
      setError(t('auth:captchaFailed'));
      setAnswer('');
      await load();
    } catch (err) {
      setError(authErrorText(err, t, 'auth:captchaFailed'));
      startWork();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-captcha" data-testid="captcha-panel">
      <div className="auth-captcha-title">{t('auth:captchaHint')}</div>
      <div className="auth-captcha-row">
        <button
          type="button"
          className="auth-captcha-image"
          onClick={() => {
            setError(null);
            void load();
          }}
          title={t('auth:captchaRefresh')}
          data-testid="captcha-image"
        >
          {loading ? <Spin size="small" /> : image ? <img src={image} alt={t('auth:captchaImageAlt')} /> : null}
        </button>
        <Input
          value={answer}
          onChange={(value) => {
            setAnswer(value);
            setError(null);
          }}
          onEnterPress={() => void confirm()}
          placeholder={t('auth:captchaPlaceholder')}
          maxLength={8}
          autoFocus
          data-testid="captcha-input"
        />
      </div>
      {error && (
        <div className="auth-field-error" role="alert" data-testid="captcha-error">
          {error}
        </div>
      )}
      <div className="auth-captcha-actions">
        <Button onClick={onCancel}>{t('common:cancel')}</Button>
        <Button
          theme="solid"
          disabled={!answer.trim() || !image}
          loading={busy}
          onClick={() => void confirm()}
          data-testid="captcha-confirm"
        >
          {t('auth:captchaConfirm')}
        </Button>
      </div>
    </div>
  );
}
