import { IconChevronDown } from '@douyinfe/semi-icons';
import { Dropdown } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import type { RouteDef } from '../../app/routes.ts';
import { NewBadge } from '../../shared/NewBadge.tsx';
import type { MenuGroup } from './menus.ts';
import { openExternalTool } from './openExternal.ts';
import { useGuard } from './useGuard.ts';

/** Opens a menu entry: external tools in a new tab with the server's URL, others in the app. */
export function useOpenRoute() {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  const guard = useGuard();
  return (route: RouteDef) => {
    const { externalType } = route;
    // External tools answer their URL to logged-in users only.
    if (externalType !== undefined) guard(() => void openExternalTool(externalType, t('externalFailed')))();
    else navigate(route.path);
  };
}

/** The grouped dropdown menus of the desktop header (a group of one entry is a plain link). */
export function HeaderMenus({ menus, activeGroup }: { menus: MenuGroup[]; activeGroup: string | null }) {
  const { t } = useTranslation(['shell', 'routes']);
  const open = useOpenRoute();
  return (
    <nav className="header-menus" data-testid="header-menus">
      {menus.map((group) => {
        const active = group.id === activeGroup ? ' active' : '';
        if (group.items.length === 1 && group.items[0]!.route.externalType === undefined) {
          const route = group.items[0]!.route;
          return (
            <NavLink key={group.id} to={route.path} className={`header-menu${active}`} data-testid={`menu-group-${group.id}`}>
              {t(`shell:group_${group.id}`)}
            </NavLink>
          );
        }
        return (
          <Dropdown
            key={group.id}
            trigger="hover"
            position="bottomLeft"
            render={
              <Dropdown.Menu data-testid={`menu-list-${group.id}`}>
                {group.items.map(({ route, disabled, isNew }) => (
                  <Dropdown.Item
                    key={route.path}
                    disabled={disabled}
                    data-testid={`menu-item-${route.id}`}
                    onClick={() => !disabled && open(route)}
                  >
                    {t(`routes:${route.id}`)}
                    {isNew && <NewBadge style={{ marginLeft: 6 }} />}
                    {disabled && <span className="menu-soon">{t('shell:soon')}</span>}
                  </Dropdown.Item>
                ))}
              </Dropdown.Menu>
            }
          >
            <span className={`header-menu${active}`} data-testid={`menu-group-${group.id}`}>
              {t(`shell:group_${group.id}`)}
              <IconChevronDown size="small" />
            </span>
          </Dropdown>
        );
      })}
    </nav>
  );
}
