import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NewBadge } from '../../../../shared/NewBadge.tsx';

/** The background tools, switched by the tabs above them (Background reproduction marked NEW). */
const TABS = [
  { path: '/product-bg', id: 'productBg', isNew: false },
  { path: '/rewrite-background', id: 'rewriteBackground', isNew: true },
  { path: '/batch-copy-bg', id: 'batchCopyBg', isNew: false },
] as const;

/** Tabs props for ToolLayout on the background tools (keeps the query, e.g. headHidden). */
export function useBackgroundTabs() {
  const { t } = useTranslation('routes');
  const location = useLocation();
  const navigate = useNavigate();
  return {
    tabs: TABS.map((tab) => ({
      key: tab.path,
      label: (
        <span data-testid={`tab-${tab.id}`}>
          {t(tab.id)}
          {tab.isNew && <NewBadge style={{ marginLeft: 6 }} />}
        </span>
      ),
    })),
    activeTab: location.pathname.replace(/\/$/, ''),
    onTab: (path: string) => navigate({ pathname: path, search: location.search }),
  };
}
