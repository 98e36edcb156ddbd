import { IconChevronDown } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import type { RouteDef } from '../../../app/routes.ts';
import { menuMotion } from '../../../shared/motion.ts';
import { NewBadge } from '../../../shared/NewBadge.tsx';
import type { Unavailable } from './availability.ts';
import { Deferred, shellOverlays } from './deferred.tsx';
import type { MenuGroup } from './menus.ts';
import { openExternalTool } from './openExternal.ts';
import { UnavailableTag } from './UnavailableTag.tsx';
import { useGuard } from './useGuard.ts';

/**
 * Opens a menu entry: external tools in a new tab with the server's URL, others in the app. A tool
 * this deployment cannot run opens its page, which says so (an external one opens no tab at all).
 */
export function useOpenRoute() {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const guard = useGuard();
  return (route: RouteDef, unavailable: Unavailable | null = null) => {
    const { externalType } = route;
    // External tools answer their URL to logged-in users only.
    if (externalType !== undefined && !unavailable) guard(() => void openExternalTool(externalType, t('externalFailed')))();
    else navigate(route.path);
  };
}

/** The grouped dropdown menus of the desktop header (a group of one entry is a plain link). */
export function HeaderMenus({ menus, activeGroup }: { menus: MenuGroup[]; activeGroup: string | null }) {
  const { t } = useTranslation(['shell', 'routes']);
  const open = useOpenRoute();
  shellOverlays.usePrefetch();
  return (
    <nav className="header-menus" data-testid="header-menus">
      {menus.map((group) => {
        const active = group.id === activeGroup ? ' active' : '';
        if (group.items.length === 1 && group.items[0]!.route.externalType === undefined && !group.items[0]!.unavailable) {
          const route = group.items[0]!.route;
          return (
            <NavLink key={group.id} to={route.path} className={`header-menu${active}`} data-testid={`menu-group-${group.id}`}>
              {t(`shell:group_${group.id}`)}
            </NavLink>
          );
        }
        return (
          <Deferred
            key={group.id}
            module={shellOverlays}
            trigger="hover"
            render={({ Dropdown }, trigger) => (
              <Dropdown
                trigger="hover"
                position="bottomLeft"
                motion={menuMotion()}
                render={
                  <Dropdown.Menu data-testid={`menu-list-${group.id}`}>
                    {group.items.map(({ route, disabled, isNew, unavailable }) => (
                      <Dropdown.Item
                        key={route.path}
                        disabled={disabled}
                        data-testid={`menu-item-${route.id}`}
                        data-unavailable={unavailable ?? undefined}
                        onClick={() => !disabled && open(route, unavailable)}
                      >
                        {t(`routes:${route.id}`)}
                        {isNew && <NewBadge style={{ marginLeft: 6 }} />}
                        {unavailable && <UnavailableTag reason={unavailable} route={route} />}
                      </Dropdown.Item>
                    ))}
                  </Dropdown.Menu>
                }
              >
                {trigger}
              </Dropdown>
            )}
          >
            <span className={`header-menu${active}`} data-testid={`menu-group-${group.id}`}>
              {t(`shell:group_${group.id}`)}
              <IconChevronDown size="small" />
            </span>
          </Deferred>
        );
      })}
    </nav>
  );
}
