import { lazy, Suspense } from 'react';

// Semi's Empty brings Typography and its tooltip along: loaded when a login-only page is shown to
// an anonymous visitor, not in the first load (issue 16).
const LoginRequiredView = lazy(() => import('./LoginRequiredView.tsx'));

/** What a login-only page shows an anonymous visitor: why it is empty and a way to log in. */
export function LoginRequired() {
  return (
    <Suspense fallback={null}>
      <LoginRequiredView />
    </Suspense>
  );
}
