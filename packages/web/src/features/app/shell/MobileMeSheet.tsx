import { IconBell, IconExit, IconHistory, IconSetting } from '@douyinfe/semi-icons';
import { SideSheet } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../identity/accounts/session.ts';
import { ServiceContact } from './serviceContact.tsx';

/** The phone's "me" sheet: creation history, inbox, personal settings, log out. */
export default function MobileMeSheet({
  open,
  userName,
  onClose,
  onInbox,
}: {
  open: boolean;
  userName: string;
  onClose(): void;
  onInbox(): void;
}) {
  const { t } = useTranslation(['shell', 'routes', 'inbox']);
  const navigate = useNavigate();
  const logout = useLogout();
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <SideSheet
      visible={open}
      onCancel={onClose}
      closeOnEsc
      placement="right"
      width={260}
      title={userName}
      data-testid="mobile-me-sheet"
    >
      <nav className="mobile-me-list">
        <button type="button" onClick={() => go('/personal-center')} data-testid="mobile-me-history">
          <IconHistory /> {t('routes:personalCenter')}
        </button>
        <button type="button" onClick={onInbox} data-testid="mobile-me-inbox">
          <IconBell /> {t('inbox:title')}
        </button>
        <button type="button" onClick={() => go('/personal-setting')} data-testid="mobile-me-settings">
          <IconSetting /> {t('routes:personalSetting')}
        </button>
        <button
          type="button"
          onClick={() => {
            onClose();
            void logout();
          }}
          data-testid="mobile-me-logout"
        >
          <IconExit /> {t('shell:logout')}
        </button>
      </nav>
      <ServiceContact size={96} />
    </SideSheet>
  );
}
