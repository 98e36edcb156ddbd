import { Banner, Button, Card, Empty, Modal, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteOpen } from '../../../identity/tenants/useRouteOpen.ts';
import { formatHeat } from '../heat.ts';
import { IdeaForm, type IdeaSource } from '../IdeaForm.tsx';
import '../marketing.css';
import './plan.css';
import { AngleText } from './AngleText.tsx';
import { planApi, type Recommendation } from './planApi.ts';

function RecommendationCard({ item, onMake }: { item: Recommendation; onMake?(): void }) {
  const { t, i18n } = useTranslation('marketing');
  const when =
    item.daysUntil === null
      ? null
      : item.daysUntil === 0
        ? t('plan.recommend.today')
        : t('plan.recommend.daysUntil', { count: item.daysUntil });
  return (
    <Card className="mkt-rec" data-testid="recommendation" data-kind={item.kind}>
      <div className="mkt-rec-head">
        <Tag color={item.kind === 'hotspot' ? 'red' : 'green'}>
          {item.kind === 'hotspot' ? t('plan.recommend.kindHot') : t('plan.recommend.kindCalendar')}
        </Tag>
        {item.platform ? <Tag>{t(`hot.platforms.${item.platform}`)}</Tag> : null}
        {when ? <Tag color="light-green">{when}</Tag> : null}
        <Typography.Text strong className="mkt-rec-title">
          {item.calendarDay ? `${item.calendarDay} ` : ''}
          {item.title}
        </Typography.Text>
        <Tag color="blue" className="mkt-rec-score">
          {t('plan.recommend.score', { score: item.score })}
        </Tag>
      </div>
      <div className="mkt-rec-body">
        {item.hot ? (
          <Typography.Text type="tertiary">{t('hot.heat', { hot: formatHeat(item.hot, i18n.language) })}</Typography.Text>
        ) : null}
        {item.productName ? <Typography.Text>{t('plan.recommend.product', { name: item.productName })}</Typography.Text> : null}
        {item.personaName ? <Typography.Text>{t('plan.recommend.persona', { name: item.personaName })}</Typography.Text> : null}
        {item.sharedWords.length ? (
          <Typography.Text type="tertiary">{t('plan.recommend.shared', { words: item.sharedWords.join('、') })}</Typography.Text>
        ) : null}
        {item.angle ? <AngleText angle={item.angle} /> : null}
      </div>
      {onMake ? (
        <Button theme="solid" size="small" onClick={onMake} data-testid="recommendation-make">
          {t('plan.recommend.make')}
        </Button>
      ) : null}
    </Card>
  );
}

/**
 * /mott-recommend: today's ideas, ranked from the hot lists, the marketing dates of the next 30
 * days, the user's products and personas (server marketing/plan/recommend.ts). Each opens the
 * idea-report form with the item and the product it fits.
 */
export default function RecommendPage() {
  const { t } = useTranslation('marketing');
  // "Make it" opens the idea form: a tenant that hides it (/mott-idea) reads the recommendations only.
  const ideasOpen = useRouteOpen()('/mott-idea');
  const query = useQuery({ queryKey: ['marketing', 'recommendations'], queryFn: planApi.recommendations, staleTime: 60_000 });
  const [making, setMaking] = useState<{ source: IdeaSource; productInfo?: string } | null>(null);
  if (query.isLoading) return <Spin />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const data = query.data;
  if (!data) return null;
  const make = (item: Recommendation) =>
    setMaking({
      source:
        item.kind === 'hotspot'
          ? {
              hotspotSourceType: item.platform === 'xiaohongshu' || item.platform === 'import' ? 'PERSONAL' : 'HOTSPOT_MARKETING',
              title: item.title,
              hotspotId: item.hotspotId ?? undefined,
            }
          : {
              hotspotSourceType: 'CALENDAR',
              title: `${item.calendarDay} ${item.title}`,
              calendarDay: item.calendarDay ?? undefined,
            },
      productInfo: item.productInfo ?? undefined,
    });
  return (
    <div className="mkt-page" data-testid="recommend-page">
      <Typography.Title heading={4}>{t('plan.recommend.title')}</Typography.Title>
      <Typography.Text type="tertiary">{t('plan.recommend.subtitle')}</Typography.Text>
      <div className="mkt-rec-basis" data-testid="recommend-basis">
        {t('plan.recommend.basis', { today: data.today, products: data.products, personas: data.personas })}
      </div>
      {data.products === 0 ? (
        <Banner
          type="info"
          description={
            <span>
              {t('plan.recommend.noProducts')} <Link to="/mott-knowledge">{t('plan.recommend.addProducts')}</Link>
            </span>
          }
        />
      ) : null}
      {data.personas === 0 ? <Banner type="info" description={t('plan.recommend.noPersonas')} /> : null}
      {data.feedError ? <Banner type="warning" description={data.feedError} /> : null}
      {data.list.length ? (
        <div className="mkt-recs" data-testid="recommendations">
          {data.list.map((item) => (
            <RecommendationCard key={item.key} item={item} onMake={ideasOpen ? () => make(item) : undefined} />
          ))}
        </div>
      ) : (
        <Empty title={t('plan.recommend.empty')} data-testid="recommend-empty" />
      )}
      <Modal title={t('report.title')} visible={ideasOpen && !!making} onCancel={() => setMaking(null)} footer={null} width={560}>
        {making ? <IdeaForm source={making.source} productInfo={making.productInfo} /> : null}
      </Modal>
    </div>
  );
}
