import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { useLoginModal } from '../features/auth/loginModalStore.ts';
import { DesktopHeader } from '../features/shell/DesktopHeader.tsx';
import { isMobile } from './layout.ts';

const LoginModal = lazy(() => import('../features/auth/LoginModal.tsx'));

/** The frame around every page: header, page, login modal. */
export function Shell() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { open, show } = useLoginModal();
  const headHidden = params.get('headHidden') === 'true' || params.get('headHidden') === '1';

  // ?login=1 opens the login modal, ?loginType=register opens registration, ?error shows the error.
  useEffect(() => {
    if (params.get('loginType') === 'register') show('register');
    else if (params.get('login') === '1' || location.search === '?error') show('login');
  }, [params, location.search, show]);

  return (
    <div className={`app-root layout-${isMobile ? 'mobile' : 'desktop'}`}>
      {!headHidden && !isMobile && <DesktopHeader />}
      <main className="app-main">
        <Outlet />
      </main>
      {open && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </div>
  );
}
