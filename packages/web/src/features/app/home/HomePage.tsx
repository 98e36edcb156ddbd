import { IconArrowRight, IconCrown } from '@douyinfe/semi-icons';
import { Button, Card, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { availableTools, type MenuItem } from '../shell/menus.ts';
import { useViewer } from '../shell/useViewer.ts';
import { ShowcasePair } from './ShowcasePair.tsx';
import { useShowcase } from './showcaseApi.ts';
import './home.css';

/** Groups whose entries are tools (the benefits centre and creation space are not). */
const NOT_TOOLS = new Set(['home', 'member', 'goods', 'personalCenter']);
const MARKETING_GROUPS = new Set(['aiMarketing', 'hotTopics', 'hotCalendar', 'viralRewrite', 'workbench']);

/**
 * Home (spec 000 §2): what the product does, shown with real before/after pairs its own engines made
 * (scripts/showcase.ts), the tools that work in this deployment (never one that does not), a strip
 * of the marketing features and the membership offer.
 */
export default function HomePage() {
  const { t } = useTranslation(['home', 'routes', 'comingSoon']);
  const { menus, current } = useViewer();
  const { items } = useShowcase();
  const usable = availableTools(menus).filter((item) => !NOT_TOOLS.has(item.route.id));
  const usableIds = new Set(usable.map((item) => item.route.id));
  const marketingIds = new Set(
    menus.filter((g) => MARKETING_GROUPS.has(g.id)).flatMap((g) => g.items.map((item) => item.route.id)),
  );
  const imageTools = usable.filter((item) => !marketingIds.has(item.route.id));
  const marketing = usable.filter((item) => marketingIds.has(item.route.id));
  const examples = items.filter((item) => usableIds.has(item.routeId));
  const first = imageTools[0] ?? usable[0];
  // The lead promises only what works here (issue 31): each part appears when one of its tools is usable.
  const usableTypes = new Set<string>(usable.flatMap((item) => (item.route.bizType ? [item.route.bizType] : [])));
  // The photo kinds named are the ones usable here (issue 45): no wig or shoes where no engine makes them.
  const kinds = ['MANNEQUIN_IMAGE', 'MODEL_IMAGE_NEW', 'WIG_IMAGE', 'SHOES_IMAGE', 'PRODUCT_IMAGE']
    .filter((b) => usableTypes.has(b))
    .map((b) => t(`home:heroKind_${b}`));
  const parts = [
    kinds.length ? t('home:heroPartPhotosOf', { kinds: kinds.join(t('home:heroJoin')) }) : null,
    ['MATTING_IMAGE', 'PRODUCT_REPLACE_IMAGE'].some((b) => usableTypes.has(b)) ? t('home:heroPartCutout') : null,
    usableTypes.has('IMG_2_VEDIO') ? t('home:heroPartVideo') : null,
  ].filter((part): part is string => !!part);
  const lead = [
    parts.length ? t('home:heroLeadImages', { parts: parts.join(t('home:heroJoin')) }) : null,
    marketing.length ? t('home:heroLeadMarketing') : null,
  ]
    .filter(Boolean)
    .join(t('home:heroJoinClauses'));
  const describe = (item: MenuItem) =>
    t(`home:tool_${item.route.id}`, { defaultValue: t(`comingSoon:${item.route.id}`, { defaultValue: '' }) });

  return (
    <div className="home" data-testid="home-page">
      <section className="home-hero">
        <Typography.Title heading={1} className="home-title">
          {t('home:heroTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="home-lead" data-testid="home-lead">
          {lead ? `${lead}${t('home:heroEnd')}` : t('home:heroTitle')}
        </Typography.Paragraph>
        {first && (
          <Link to={first.route.path} data-testid="home-start">
            <Button theme="solid" size="large" icon={<IconArrowRight />} iconPosition="right">
              {t('home:start')}
            </Button>
          </Link>
        )}
      </section>

      {examples.length > 0 && (
        <section className="home-section" data-testid="home-showcase">
          <Typography.Title heading={3}>{t('home:showcaseTitle')}</Typography.Title>
          <Typography.Paragraph type="tertiary">{t('home:showcaseBody')}</Typography.Paragraph>
          <div className="showcase-grid">
            {examples.map((item) => (
              <Link key={item.id} to={usable.find((u) => u.route.id === item.routeId)!.route.path} className="showcase-card">
                <ShowcasePair item={item} width={320} />
                <span className="showcase-name">
                  {t(`routes:${item.routeId}`)} <IconArrowRight size="small" />
                </span>
              </Link>
            ))}
          </div>
        </section>
      )}

      {imageTools.length > 0 && (
        <section className="home-section" data-testid="home-tools">
          <Typography.Title heading={3}>{t('home:toolsTitle')}</Typography.Title>
          <div className="home-tools">
            {imageTools.map((item) => (
              <Link key={item.route.path} to={item.route.path} className="home-tool" data-testid={`home-tool-${item.route.id}`}>
                <Card shadows="hover" title={t(`routes:${item.route.id}`)}>
                  <Typography.Text type="tertiary">{describe(item)}</Typography.Text>
                </Card>
              </Link>
            ))}
          </div>
        </section>
      )}

      {marketing.length > 0 && (
        <section className="home-section" data-testid="home-marketing">
          <Typography.Title heading={3}>{t('home:marketingTitle')}</Typography.Title>
          <div className="home-strip">
            {marketing.map((item) => (
              <Link
                key={item.route.path}
                to={item.route.path}
                className="home-strip-item"
                data-testid={`home-tool-${item.route.id}`}
              >
                <strong>{t(`routes:${item.route.id}`)}</strong>
                <span>{describe(item)}</span>
              </Link>
            ))}
          </div>
        </section>
      )}

      <section className="home-section home-member" data-testid="home-member">
        <IconCrown size="extra-large" className="home-member-icon" />
        <div className="home-member-text">
          <Typography.Title heading={4}>{t('home:memberTitle')}</Typography.Title>
          <Typography.Text type="secondary">{current ? t('home:memberBody') : t('home:memberBodyNew')}</Typography.Text>
        </div>
        <Link to="/member" data-testid="home-member-link">
          <Button theme="solid" type="warning">
            {t('home:memberCta')}
          </Button>
        </Link>
      </section>
    </div>
  );
}
