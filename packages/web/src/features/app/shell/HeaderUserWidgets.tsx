import { IconGift, IconUser } from '@douyinfe/semi-icons';
import { Avatar, Button, Dropdown, Input, Popover, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { CurrentUser } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setLanguage } from '../../../app/i18n.ts';
import { menuMotion } from '../../../shared/motion.ts';
import { useLogout } from '../../identity/accounts/session.ts';
import { copyText } from './copyText.ts';

/**
 * The header widgets only a logged-in user sees: they load after the first paint, and never for
 * an anonymous visitor (issue 16: the popover, dropdown, input and toast are not in the first load).
 */

/** The invite popover: the user's own invite link and a copy button (100 lingshi per new user). */
export function InvitePopover({ current }: { current: CurrentUser }) {
  const { t } = useTranslation(['common', 'shell']);
  const copy = async () => {
    if (await copyText(current.user.inviterLink)) Toast.success(t('copySucceeded'));
    else Toast.error(t('copyFailed'));
  };
  return (
    <Popover
      trigger="click"
      position="bottomRight"
      content={
        <div className="invite-popover" data-testid="invite-popover">
          <Typography.Title heading={6}>{t('shell:inviteTitle')}</Typography.Title>
          <Typography.Paragraph type="tertiary">{t('shell:inviteBody')}</Typography.Paragraph>
          <div className="invite-row">
            <Input readonly value={current.user.inviterLink} data-testid="invite-link" />
            <Button theme="solid" onClick={() => void copy()} data-testid="invite-copy">
              {t('shell:copyLink')}
            </Button>
          </div>
        </div>
      }
    >
      <span className="header-trigger">
        <Button
          theme="borderless"
          icon={<IconGift />}
          aria-label={t('shell:invite')}
          title={t('shell:invite')}
          data-testid="invite-button"
        >
          <span className="header-label">{t('shell:invite')}</span>
        </Button>
      </span>
    </Popover>
  );
}

/** The user menu: personal settings, creation space, the operator console (console operators), language, log out. */
export function UserMenu({ current, showConsole = false }: { current: CurrentUser; showConsole?: boolean }) {
  const { t, i18n } = useTranslation(['common', 'shell', 'routes']);
  const navigate = useNavigate();
  const logout = useLogout();
  const other = i18n.language === 'en' ? 'zh' : 'en';
  return (
    <Dropdown
      trigger="click"
      position="bottomRight"
      motion={menuMotion()}
      render={
        <Dropdown.Menu>
          <Dropdown.Title>{current.user.userName}</Dropdown.Title>
          <Dropdown.Item data-testid="menu-personal-setting" onClick={() => navigate('/personal-setting')}>
            {t('routes:personalSetting')}
          </Dropdown.Item>
          <Dropdown.Item data-testid="menu-personal-center" onClick={() => navigate('/personal-center')}>
            {t('routes:personalCenter')}
          </Dropdown.Item>
          {showConsole && (
            <Dropdown.Item data-testid="menu-console" onClick={() => navigate('/console')}>
              {t('routes:console')}
            </Dropdown.Item>
          )}
          <Dropdown.Item data-testid="menu-language" onClick={() => setLanguage(other)}>
            {t('language')}: {other === 'en' ? t('languageEn') : t('languageZh')}
          </Dropdown.Item>
          <Dropdown.Divider />
          <Dropdown.Item data-testid="logout" onClick={() => void logout()}>
            {t('shell:logout')}
          </Dropdown.Item>
        </Dropdown.Menu>
      }
    >
      <span data-testid="user-menu" className="user-menu">
        <Avatar size="small" color="blue">
          {/* A digit would read like a count beside the inbox badge: digits get the person icon. */}
          {/^\p{L}/u.test(current.user.userName) ? current.user.userName.slice(0, 1) : <IconUser />}
        </Avatar>
      </span>
    </Dropdown>
  );
}
