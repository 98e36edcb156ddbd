import { IconForward } from '@douyinfe/semi-icons';
import { Button, Dropdown } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuMotion } from '../../../../shared/motion.ts';
import { useRouteOpen } from '../../../identity/tenants/useRouteOpen.ts';
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

/**
 * "Use this in…": opens another picture tool with this result (or history item) as its input. The
 * tool the page is on is left out, by the router's own path (without the
 * /productimage base; issue 41: the browser's pathname carries it, so the cutout page offered itself).
 */
export function UseInMenu({ url, taskId }: { url: string; taskId?: string }) {
  const { t } = useTranslation(['tools', 'routes']);
  const navigate = useNavigate();
  // Tools the tenant hides are not offered (issue 47: every path to a hidden tool is hidden).
  const routeOpen = useRouteOpen();
  const here = useLocation().pathname;
  return (
    <Dropdown
      trigger="click"
      position="topLeft"
      motion={menuMotion()}
      render={
        <Dropdown.Menu>
          {PICTURE_TOOLS.filter((tool) => tool.path !== here && routeOpen(tool.path)).map((tool) => (
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
