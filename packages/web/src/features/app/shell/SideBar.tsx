import { useTranslation } from 'react-i18next';
import { NewBadge } from '../../../shared/NewBadge.tsx';
import { useOpenRoute } from './HeaderMenus.tsx';
import type { MenuGroup } from './menus.ts';
import { UnavailableTag } from './UnavailableTag.tsx';
import './shell.css';

/** The side bar: the tools of the current page's menu group, the current one highlighted. */
export function SideBar({ group, activeRouteId }: { group: MenuGroup; activeRouteId: string }) {
  const { t } = useTranslation(['shell', 'routes']);
  const open = useOpenRoute();
  return (
    <aside className="side-bar" data-testid="side-bar" data-group={group.id}>
      <div className="side-bar-title">{t(`shell:group_${group.id}`)}</div>
      {group.items.map(({ route, disabled, isNew, unavailable }) => (
        <button
          key={route.path}
          type="button"
          disabled={disabled}
          className={`side-bar-item${route.id === activeRouteId ? ' active' : ''}`}
          data-testid={`side-item-${route.id}`}
          data-unavailable={unavailable ?? undefined}
          onClick={() => open(route, unavailable)}
        >
          {t(`routes:${route.id}`)}
          {isNew && <NewBadge />}
          {unavailable && <UnavailableTag reason={unavailable} route={route} />}
        </button>
      ))}
    </aside>
  );
}
