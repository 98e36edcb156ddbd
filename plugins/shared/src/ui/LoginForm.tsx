import { EMAIL_PATTERN, PHONE_PATTERN } from '@productimage/core';
import { type PowChallenge, solveProofOfWork } from '@productimage/core/auth/proofOfWork';
import { type FormEvent, useEffect, useState } from 'react';
import { logIn } from '../session.ts';
import { usePlugin } from './context.ts';
import { useErrorText } from './useErrorText.ts';

/**
 * The login of the web app's modal, in the plugin's small frame: password, or a code by SMS/e-mail
 * after the image captcha (the same server flow and messages).
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => Promise<void> }) {
  const { api, store, t } = usePlugin();
  const errorText = useErrorText();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captchaUrl, setCaptchaUrl] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState('');
  const [code, setCode] = useState('');
  const [cooldown, setCooldown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const accountValid = PHONE_PATTERN.test(account) || EMAIL_PATTERN.test(account);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);
  useEffect(() => () => void (captchaUrl && URL.revokeObjectURL(captchaUrl)), [captchaUrl]);

  async function loadCaptcha() {
    if (!accountValid) return setMessage(t('login.accountInvalid'));
    const response = await api.raw('/api/auth/captcha', { mobileId: account, t: Date.now() });
    const image = await response.blob();
    if (!response.ok || image.size === 0) return setMessage(t('login.throttled'));
    setMessage(null);
    setCaptchaUrl(URL.createObjectURL(image));
  }

  async function sendCode() {
    setBusy(true);
    try {
      // The server asks for a proof of work beside the captcha (API.md GET /api/auth/challenge).
      const challenge = (await api.GET('/api/auth/challenge')) as PowChallenge | null;
      const altcha = challenge ? await solveProofOfWork(challenge) : null;
      const ok = await api.POST('/api/auth/captcha/verify', {
        body: { mobileId: account, code: captcha, ...(altcha ? { altcha } : {}) },
      });
      if (!ok) {
        setMessage(t('login.captchaWrong'));
        await loadCaptcha();
        return;
      }
      const sent = await api.POST('/api/auth/code', { body: { mobileId: account } });
      if (sent.code !== 1) return setMessage(sent.errMsg ?? t('login.throttled'));
      setMessage(t('login.codeSent'));
      setCooldown(60);
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!accountValid) return setMessage(t('login.accountInvalid'));
    if (mode === 'password' ? !password : !code) return setMessage(t('login.required'));
    setBusy(true);
    setMessage(null);
    try {
      await logIn(api, store, { mode, account, password, verifyCode: code });
      await onLoggedIn();
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="plugin-form" onSubmit={submit} data-testid="login-form">
      <div className="plugin-tabs" role="tablist">
        {(['password', 'code'] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => setMode(m)}>
            {t(m === 'password' ? 'login.password' : 'login.code')}
          </button>
        ))}
      </div>
      <label>
        {t('login.account')}
        <input name="account" autoComplete="username" value={account} onChange={(e) => setAccount(e.target.value.trim())} />
      </label>
      {mode === 'password' ? (
        <label>
          {t('login.passwordLabel')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
      ) : (
        <>
          <label>
            {t('login.captcha')}
            <span className="plugin-row">
              <input
                name="captcha"
                value={captcha}
                onChange={(e) => setCaptcha(e.target.value.trim())}
                onFocus={() => !captchaUrl && void loadCaptcha()}
              />
              {captchaUrl && <img src={captchaUrl} alt={t('login.captcha')} height={32} />}
              <button type="button" onClick={() => void loadCaptcha()}>
                {t('login.captchaRefresh')}
              </button>
            </span>
          </label>
          <label>
            {t('login.codeLabel')}
            <span className="plugin-row">
              <input name="code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value.trim())} />
              <button type="button" disabled={busy || cooldown > 0 || !captcha} onClick={() => void sendCode()}>
                {cooldown > 0 ? t('login.resendIn', { seconds: cooldown }) : t('login.sendCode')}
              </button>
            </span>
          </label>
        </>
      )}
      {message && (
        <p className="plugin-error" role="alert">
          {message}
        </p>
      )}
      <button className="plugin-primary" type="submit" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
