import { ConfigProvider, LocaleProvider } from '@douyinfe/semi-ui-19';
import { createQueryClient, KitProvider } from '@productimage/kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { api } from './api.ts';
import { afterI18n, i18n, semiLocaleOf } from './i18n.ts';
import { isMobile } from './layout.ts';
import { RoutePage } from './RoutePage.tsx';
import { ROUTES } from './routes.ts';
import { Shell } from './Shell.tsx';

export const queryClient = createQueryClient();
const NotFoundPage = lazy(afterI18n(() => import('../features/app/shell/NotFoundPage.tsx')));

/**
 * The route table under the shell. A declarative router (BrowserRouter), not a data router
 * (createBrowserRouter): no route loads data through the router, and the data router's code (loaders,
 * actions, fetchers, hydration) was about a third of react-router's weight in the first load (issue 48).
 */
function AppRoutes() {
  return (
    <BrowserRouter basename="/productimage">
      <Routes>
        <Route element={<Shell />}>
          {ROUTES.map((def) => (
            <Route key={def.path} path={def.path} element={<RoutePage def={def} />} />
          ))}
          {/* Unknown paths: mobile goes home, desktop shows the 404 page (spec 000 §2). */}
          <Route path="*" element={isMobile ? <Navigate to="/" replace /> : <NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

function Localised() {
  const { i18n: current } = useTranslation();
  return (
    <LocaleProvider locale={semiLocaleOf(current.language)}>
      <ConfigProvider>
        <AppRoutes />
      </ConfigProvider>
    </LocaleProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <KitProvider api={api} storage={localStorage}>
        <I18nextProvider i18n={i18n}>
          <Localised />
        </I18nextProvider>
      </KitProvider>
    </QueryClientProvider>
  );
}
