import { Avatar, Button, Dropdown } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setLanguage } from '../../app/i18n.ts';
import { useLoginModal } from '../auth/loginModalStore.ts';
import { useLogout, useSession } from '../auth/session.ts';

/** Desktop header: logo; register/login when anonymous; coin balance and user menu when logged in. */
export function DesktopHeader() {
  const { t, i18n } = useTranslation(['common', 'shell']);
  const { current } = useSession();
  const showLogin = useLoginModal((s) => s.show);
  const logout = useLogout();
  return (
    <header className="desktop-header" data-testid="desktop-header">
      <Link to="/" className="logo">
        <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" />
        {t('appName')}
      </Link>
      <span className="spacer" />
      <Button theme="borderless" onClick={() => setLanguage(i18n.language === 'en' ? 'zh' : 'en')} data-testid="language-switch">
        {i18n.language === 'en' ? t('languageZh') : t('languageEn')}
      </Button>
      {current ? (
        <>
          <span className="coins" data-testid="coin-balance">
            {t('coinsCount', { count: current.benefitPackage.remainBeanCount })}
          </span>
          <Dropdown
            trigger="click"
            position="bottomRight"
            render={
              <Dropdown.Menu>
                <Dropdown.Item data-testid="logout" onClick={() => void logout()}>
                  {t('shell:logout')}
                </Dropdown.Item>
              </Dropdown.Menu>
            }
          >
            <span data-testid="user-menu" style={{ cursor: 'pointer' }}>
              <Avatar size="small" color="blue">
                {current.user.userName.slice(0, 1)}
              </Avatar>
            </span>
          </Dropdown>
        </>
      ) : (
        <Button theme="solid" data-testid="login-button" onClick={() => showLogin('login')}>
          {t('shell:loginOrRegister')}
        </Button>
      )}
    </header>
  );
}
