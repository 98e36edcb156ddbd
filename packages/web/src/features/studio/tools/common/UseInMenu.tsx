import { IconForward } from '@douyinfe/semi-icons';
import { Button, Dropdown } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteOpen } from '../../../organisation/tenants/useRouteOpen.ts';
import { withOriginImage } from './originImage.ts';

/** The picture tools a result can be sent to (issue 30: every result feeds every picture tool). */
export const PICTURE_TOOLS = [
  { id: 'aiCutout', path: '/ai-cutout' },
  { id: 'productBg', path: '/product-bg' },
  { id: 'rewriteBackground', path: '/rewrite-background' },
  { id: 'aiVideo', path: '/ai-video' },
  { id: 'aiQrCode', path: '/ai-qr-code' },
  { id: 'rewriteImage', path: '/rewrite-image' },
  // Content posts: the picture becomes the product shown cut out on each post's picture.
  { id: 'mottContent', path: '/mott-content' },
] as const;

/** "Use this in…": opens another picture tool with this result (or history item) as its input. */
export function UseInMenu({ url, current, taskId }: { url: string; current: string; taskId?: string }) {
  const { t } = useTranslation(['tools', 'routes']);
  const navigate = useNavigate();
  // Tools the tenant hides are not offered (issue 47: every path to a hidden tool is hidden).
  const routeOpen = useRouteOpen();
  return (
    <Dropdown
      trigger="click"
      position="topLeft"
      render={
        <Dropdown.Menu>
          {PICTURE_TOOLS.filter((tool) => tool.path !== current && routeOpen(tool.path)).map((tool) => (
            <Dropdown.Item
              key={tool.id}
              onClick={() => navigate(withOriginImage(tool.path, url, taskId))}
              data-testid={`use-in-${tool.id}`}
            >
              {t(`routes:${tool.id}`)}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      }
    >
      <span className="trigger">
        <Button icon={<IconForward />} data-testid="use-in">
          {t('useIn')}
        </Button>
      </span>
    </Dropdown>
  );
}
