import { Spin, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuditLogList } from '../team/AuditLogList.tsx';
import '../team/team.css';
import { ComplianceWordsPanel } from '../../content/compliance/ComplianceWordsPanel.tsx';
import { AiPhotoPanel } from './AiPhotoPanel.tsx';
import { BroadcastsPanel } from './BroadcastsPanel.tsx';
import { useConsoleMe } from './consoleApi.ts';
import { EnginesPanel } from './EnginesPanel.tsx';
import { FollowupsPanel } from './FollowupsPanel.tsx';
import { ModelLibraryPanel } from './ModelLibraryPanel.tsx';
import { OpenApiUsagePanel } from './OpenApiUsagePanel.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PlatformNodesPanel } from './PlatformNodesPanel.tsx';
import { ProductsPanel } from './ProductsPanel.tsx';
import { ReferrersPanel } from './ReferrersPanel.tsx';
import { TenantsPanel } from './TenantsPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';
import './console.css';

/**
 * /console: the operator console (console operators: `npm run operator` or OPERATOR_ACCOUNTS).
 * Operators of the platform (default tenant) manage every tenant; others their own tenant.
 * `?tab=<itemKey>` opens a tab (an unknown one leaves the first).
 */
const TABS = new Set([
  'tenants',
  'referrers',
  'users',
  'products',
  'broadcasts',
  'leads',
  'feedback',
  'compliance',
  'orders',
  'openApi',
  'engines',
  'modelLibrary',
  'nodes',
  'audit',
]);

export default function ConsolePage() {
  const { t } = useTranslation(['console', 'openApi', 'compliance']);
  const me = useConsoleMe();
  // `?tab=engines`: the tab a link opens on (the operators' circuit alert in the inbox).
  const [search] = useSearchParams();
  const tab = search.get('tab');
  if (me.isLoading) return <Spin />;
  if (!me.data)
    return (
      <div className="console-page">
        <h2>{t('title')}</h2>
        <p data-testid="console-no-right">{t('noRight')}</p>
      </div>
    );
  const { platform, tenantId } = me.data;
  return (
    <div className="console-page" data-testid="console-page">
      <h2>{t('title')}</h2>
      <p className="console-muted">
        {t('intro', { tenant: tenantId })} {platform && t('platform')}
      </p>
      <Tabs type="line" lazyRender keepDOM={false} defaultActiveKey={tab && TABS.has(tab) ? tab : 'tenants'}>
        <TabPane tab={t('tabs.tenants')} itemKey="tenants">
          <TenantsPanel platform={platform} />
        </TabPane>
        <TabPane tab={t('tabs.referrers')} itemKey="referrers">
          <ReferrersPanel platform={platform} tenantId={tenantId} />
        </TabPane>
        <TabPane tab={t('tabs.users')} itemKey="users">
          <UsersPanel platform={platform} />
        </TabPane>
        <TabPane tab={t('tabs.products')} itemKey="products">
          <ProductsPanel platform={platform} />
        </TabPane>
        <TabPane tab={t('tabs.broadcasts')} itemKey="broadcasts">
          <BroadcastsPanel />
        </TabPane>
        <TabPane tab={t('tabs.leads')} itemKey="leads">
          <FollowupsPanel kind="lead" />
        </TabPane>
        <TabPane tab={t('tabs.feedback')} itemKey="feedback">
          <FollowupsPanel kind="feedback" />
        </TabPane>
        <TabPane tab={t('compliance:words.title')} itemKey="compliance">
          <ComplianceWordsPanel />
        </TabPane>
        <TabPane tab={t('tabs.orders')} itemKey="orders">
          <OrdersPanel />
        </TabPane>
        <TabPane tab={t('openApi:title')} itemKey="openApi">
          <OpenApiUsagePanel />
        </TabPane>
        <TabPane tab={t('tabs.engines')} itemKey="engines">
          <EnginesPanel />
          {platform && <AiPhotoPanel />}
        </TabPane>
        {platform && (
          <TabPane tab={t('tabs.modelLibrary')} itemKey="modelLibrary">
            <ModelLibraryPanel />
          </TabPane>
        )}
        <TabPane tab={t('tabs.nodes')} itemKey="nodes">
          <PlatformNodesPanel platform={platform} />
        </TabPane>
        <TabPane tab={t('tabs.audit')} itemKey="audit">
          <AuditLogList />
        </TabPane>
      </Tabs>
    </div>
  );
}
