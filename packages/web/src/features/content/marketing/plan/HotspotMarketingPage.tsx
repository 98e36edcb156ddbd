import { Banner, Button, Card, Empty, List, Modal, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { defaultHotspotPicture } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRouteOpen } from '../../../identity/tenants/useRouteOpen.ts';
import { formatHeat } from '../heat.ts';
import { IdeaForm, type IdeaSource } from '../IdeaForm.tsx';
import '../marketing.css';
import './plan.css';
import { AngleText } from './AngleText.tsx';
import { type Angle, type HotspotMatches, planApi } from './planApi.ts';

type Selected = NonNullable<HotspotMatches['selected']>;

/**
 * /marketing-hotspot: a hot item matched to the user's products. The list puts the items that fit
 * a product first; the chosen item (?hotspotId=) shows every product ranked by fit, the words they
 * share and the angles to take, each of which opens the idea-report form.
 */
export default function HotspotMarketingPage() {
  const { t, i18n } = useTranslation('marketing');
  const [params, setParams] = useSearchParams();
  // The angles open the idea form: a tenant that hides it (/mott-idea) reads the matches only.
  const routeOpen = useRouteOpen();
  const ideasOpen = routeOpen('/mott-idea');
  const hotspotId = params.get('hotspotId') ?? undefined;
  const query = useQuery({
    queryKey: ['marketing', 'hotspot-matches', hotspotId ?? ''],
    queryFn: () => planApi.matches(hotspotId),
    placeholderData: keepPreviousData,
  });
  const [making, setMaking] = useState<{ source: IdeaSource; productInfo: string } | null>(null);
  if (query.isLoading) return <Spin />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const data = query.data;
  if (!data) return null;
  const write = (selected: Selected, productInfo: string, angle: Angle) => {
    const h = selected.hotspot;
    setMaking({
      source: { hotspotSourceType: h.source === 'import' ? 'PERSONAL' : 'HOTSPOT_MARKETING', title: h.title, hotspotId: h.id },
      productInfo: `${productInfo}\n${i18n.t(`marketing:plan.angles.${angle.kind}`, { ...angle.params, interpolation: { escapeValue: false } })}`,
    });
  };
  const selected = data.selected;
  return (
    <div className="mkt-page" data-testid="hotspot-marketing-page">
      <Typography.Title heading={4}>{t('plan.hotspot.title')}</Typography.Title>
      <Typography.Text type="tertiary">{t('plan.hotspot.subtitle')}</Typography.Text>
      {data.products === 0 ? (
        <Banner
          type="info"
          description={
            <span>
              {t('plan.hotspot.noProducts')} <Link to="/mott-knowledge">{t('plan.recommend.addProducts')}</Link>
            </span>
          }
        />
      ) : null}
      {data.feedError ? <Banner type="warning" description={data.feedError} /> : null}
      <div className="mkt-match">
        <div className="mkt-match-list">
          {data.list.length ? (
            <List
              dataSource={data.list}
              renderItem={(row) => (
                <List.Item
                  className={`mkt-match-item${row.hotspot.id === hotspotId ? ' is-active' : ''}`}
                  data-testid="match-hotspot"
                  onClick={() => setParams({ hotspotId: row.hotspot.id })}
                  main={
                    <div>
                      <div className="mkt-match-title">{row.hotspot.title}</div>
                      <Tag size="small">{t(`hot.platforms.${row.hotspot.platform}`)}</Tag>{' '}
                      {data.products ? (
                        <Tag size="small" color={row.fit ? 'green' : 'grey'}>
                          {t('plan.hotspot.fit', { fit: row.fit })}
                        </Tag>
                      ) : null}{' '}
                      {row.fit && row.productName ? (
                        <Typography.Text type="tertiary" size="small">
                          {t('plan.hotspot.bestProduct', { name: row.productName })}
                        </Typography.Text>
                      ) : null}
                    </div>
                  }
                />
              )}
            />
          ) : (
            <Empty title={t('plan.hotspot.noHot')}>
              {routeOpen('/content-hotspot') ? (
                <Link to="/content-hotspot">
                  <Button>{t('plan.publishers.importHot')}</Button>
                </Link>
              ) : null}
            </Empty>
          )}
        </div>
        <div className="mkt-match-detail" data-testid="match-detail">
          {selected ? (
            <>
              <img
                className="mkt-hotspot-pic"
                src={`${import.meta.env.BASE_URL}${defaultHotspotPicture(selected.hotspot.platform).picUrl}`}
                alt={t(`hot.platforms.${selected.hotspot.platform}`)}
                width={320}
                height={180}
                data-testid="hotspot-pic"
                data-category={defaultHotspotPicture(selected.hotspot.platform).categoryCode}
              />
              <Typography.Title heading={5}>{selected.hotspot.title}</Typography.Title>
              {selected.hotspot.hot ? (
                <Typography.Text type="tertiary">
                  {t('hot.heat', { hot: formatHeat(selected.hotspot.hot, i18n.language) })}
                </Typography.Text>
              ) : null}
              {selected.personaName ? (
                <div>
                  <Typography.Text type="tertiary">{t('plan.hotspot.persona', { name: selected.personaName })}</Typography.Text>
                </div>
              ) : null}
              <Typography.Title heading={6}>{t('plan.hotspot.matches')}</Typography.Title>
              {selected.matches.length ? (
                selected.matches.map((m) => (
                  <Card
                    key={m.goodsId}
                    className="mkt-match-product"
                    data-testid="match-product"
                    title={m.productName}
                    headerExtraContent={<Tag color={m.fit ? 'green' : 'grey'}>{t('plan.hotspot.fit', { fit: m.fit })}</Tag>}
                  >
                    <Typography.Text type="tertiary" size="small">
                      {m.sharedWords.length
                        ? t('plan.hotspot.shared', { words: m.sharedWords.join('、') })
                        : t('plan.hotspot.noShared')}
                    </Typography.Text>
                    <ul className="mkt-angles">
                      {m.angles.map((a) => (
                        <li key={a.kind}>
                          <AngleText angle={a} />
                          {ideasOpen ? (
                            <Button
                              size="small"
                              theme="borderless"
                              onClick={() => write(selected, m.productInfo, a)}
                              data-testid="angle-write"
                            >
                              {t('plan.hotspot.write')}
                            </Button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </Card>
                ))
              ) : (
                <Empty title={t('plan.hotspot.noProducts')} />
              )}
            </>
          ) : (
            <Empty title={t('plan.hotspot.selectHint')} />
          )}
        </div>
      </div>
      <Modal title={t('report.title')} visible={ideasOpen && !!making} onCancel={() => setMaking(null)} footer={null} width={560}>
        {making ? <IdeaForm source={making.source} productInfo={making.productInfo} /> : null}
      </Modal>
    </div>
  );
}
