import { Banner, Radio, RadioGroup, Skeleton, TabPane, Tabs, Typography } from '@douyinfe/semi-ui-19';
import { adviserOf, formatDate, type PackagePeriod } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobile } from '../../../app/layout.ts';
import { useFlags } from '../../identity/tenants/useFlags.ts';
import { EnterpriseCard } from './EnterpriseCard.tsx';
import { MEMBER_KEYS, memberApi } from './memberQueries.ts';
import { OrderList } from './OrderList.tsx';
import { PackageCards } from './PackageCards.tsx';
import { PendingOrderModal } from './PendingOrderModal.tsx';
import { PointsHistory } from './PointsHistory.tsx';
import { PurchaseModal } from './PurchaseModal.tsx';
import { TopupPacks } from './TopupPacks.tsx';
import { usePurchase } from './usePurchase.ts';
import './membership.css';

/** /member, the benefits centre: plans and top-ups to buy, the user's orders and points history. */
export default function MemberPage() {
  const { t } = useTranslation(['member', 'common', 'leads']);
  // Dedicated service (issue 47): the tenant's named adviser and how to reach them.
  const { flags } = useFlags();
  const adviser = adviserOf(flags);
  const [period, setPeriod] = useState<PackagePeriod>('monthly');
  const purchase = usePurchase();
  const query = useQuery({ queryKey: MEMBER_KEYS.products, queryFn: memberApi.products });
  const data = query.data;
  // Enterprise plans are contracts: their holders talk to customer service instead of buying packs.
  const canBuy = !isMobile && data?.current?.tier !== 'enterprise';

  return (
    <div className="member-page" data-testid="member-page">
      <div className="member-summary">
        <Typography.Title heading={3}>{t('title')}</Typography.Title>
        {data?.current && (
          <div className="member-current" data-testid="member-current">
            <span data-testid="member-tier">{t('currentTier', { tier: t(`tiers.${data.current.tier}`) })}</span>
            {data.current.endTime && <span>{t('validUntil', { date: formatDate(data.current.endTime) })}</span>}
            <span data-testid="member-balance">{t('balance', { count: data.current.balance })}</span>
          </div>
        )}
        {adviser && (
          <Typography.Text data-testid="member-adviser">
            {t('leads:adviserLine', { name: adviser.name, phone: adviser.contact })}
          </Typography.Text>
        )}
      </div>
      {isMobile && <Banner type="info" description={t('mobileNotice')} closeIcon={null} data-testid="mobile-topup-notice" />}

      {query.isLoading && <Skeleton active placeholder={<Skeleton.Paragraph rows={8} />} loading />}
      {query.isError && <Banner type="danger" description={(query.error as Error).message || t('common:networkError')} />}
      {data && (
        <>
          <section className="member-section">
            <div className="member-section-head">
              <Typography.Title heading={4}>{t('packagesTitle')}</Typography.Title>
              <RadioGroup
                type="button"
                value={period}
                onChange={(e) => setPeriod(e.target.value as PackagePeriod)}
                data-testid="period-switch"
              >
                <Radio value="monthly" data-testid="period-monthly">
                  {t('monthly')}
                </Radio>
                <Radio value="annual" data-testid="period-annual">
                  {t('annual')}
                </Radio>
              </RadioGroup>
            </div>
            <div className="member-plans">
              <PackageCards data={data} period={period} busy={purchase.busy} canBuy={canBuy} onBuy={purchase.buy} />
              <EnterpriseCard data={data} />
            </div>
          </section>
          <section className="member-section">
            <Typography.Title heading={4}>{t('topupsTitle')}</Typography.Title>
            <TopupPacks topups={data.topups} busy={purchase.busy} canBuy={canBuy} onBuy={purchase.buy} />
          </section>
        </>
      )}
      <section className="member-section">
        <Tabs type="line" lazyRender>
          <TabPane tab={t('ordersTab')} itemKey="orders">
            <OrderList onPay={purchase.payOrder} />
          </TabPane>
          <TabPane tab={<span data-testid="history-tab">{t('historyTab')}</span>} itemKey="history">
            <PointsHistory />
          </TabPane>
        </Tabs>
      </section>

      {purchase.order && (
        <PurchaseModal
          key={purchase.order.orderNo}
          order={purchase.order}
          onClose={purchase.closeOrder}
          onScanAgain={(productId) => {
            purchase.closeOrder();
            void purchase.buy(productId);
          }}
        />
      )}
      {purchase.conflict && (
        <PendingOrderModal
          open={purchase.conflict.open}
          onPay={() => purchase.payOrder(purchase.conflict?.open.orderNo ?? '')}
          onCancelAndReorder={purchase.cancelAndReorder}
          onClose={purchase.closeConflict}
        />
      )}
    </div>
  );
}
