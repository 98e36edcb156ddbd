import { Button, Card, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const TOOLS = [
  { path: '/ai-cutout', id: 'aiCutout' },
  { path: '/product-bg', id: 'productBg' },
  { path: '/rewrite-background', id: 'rewriteBackground' },
  { path: '/ai-qr-code', id: 'aiQrCode' },
  { path: '/ai-video-single', id: 'aiVideoSingle' },
  { path: '/content-hotspot', id: 'contentHotspot' },
] as const;

/** Home: what the product does and the way into each tool. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'routes']);
  return (
    <div
      className="home"
      data-testid="home-page"
      style={{ maxWidth: 1200, margin: '0 auto', padding: '48px 24px', width: '100%', boxSizing: 'border-box' }}
    >
      <Typography.Title heading={1} style={{ color: 'var(--brand)' }}>
        {t('home:heroTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 720 }}>
        {t('home:heroBody')}
      </Typography.Paragraph>
      <Link to="/ai-cutout">
        <Button theme="solid" size="large" style={{ marginTop: 16 }}>
          {t('home:start')}
        </Button>
      </Link>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 16, marginTop: 40 }}>
        {TOOLS.map((tool) => (
          <Link key={tool.path} to={tool.path} style={{ textDecoration: 'none' }}>
            <Card shadows="hover" title={t(`routes:${tool.id}`)}>
              <Typography.Text type="tertiary">{t(`home:tool_${tool.id}`)}</Typography.Text>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
