import { formatDate } from '@productimage/core';
import { bind, logOut } from '@productimage/plugin-shared';
import { useErrorText, usePlugin } from '@productimage/plugin-shared/ui/index.ts';
import { useEffect, useState } from 'react';

/**
 * The binding of this Base user to a product account: who is bound since when, the points left,
 * and log out (which unbinds on the server and in the Base). The login itself is the shared form
 * that <PluginApp> shows while nobody is logged in.
 */
export function AuthPage() {
  const { api, base, host, store, t, user, refreshUser } = usePlugin();
  const errorText = useErrorText();
  const [boundAt, setBoundAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    let live = true;
    (async () => {
      const found = await api.GET('/api/feishu/binding', {
        params: { query: { tenantKey: host.tenantKey, baseUserId: host.baseUserId } },
      });
      // Logged in (the token came from another extension) but this Base user not bound yet: bind.
      const binding = found ?? (await bind(api, base, host, user));
      if (live) setBoundAt(binding.boundAt);
    })().catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [api, base, host, user, errorText]);

  if (!user) return null;
  return (
    <section className="plugin-stack" data-testid="auth-bound">
      <p className="plugin-ok">{t('auth.boundAs', { name: user.name })}</p>
      {boundAt && <p className="plugin-muted">{t('auth.boundSince', { date: formatDate(boundAt) })}</p>}
      <p className="plugin-muted">{t('auth.baseUser', { user: host.baseUserId, tenant: host.tenantKey })}</p>
      <p>{t('auth.points', { points: user.points })}</p>
      {error && <p className="plugin-error">{error}</p>}
      <button
        type="button"
        className="plugin-danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await logOut(api, store, base, host);
            await refreshUser();
          } catch (e) {
            setError(errorText(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? t('auth.loggingOut') : t('auth.logout')}
      </button>
    </section>
  );
}
