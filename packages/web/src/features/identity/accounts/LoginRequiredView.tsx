import { Button, Empty } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useLoginModal } from './loginModalStore.ts';

/** What a login-only page shows an anonymous visitor: why it is empty and a way to log in (LoginRequired.tsx). */
export default function LoginRequiredView() {
  const { t } = useTranslation('auth');
  const showLogin = useLoginModal((s) => s.show);
  return (
    <div className="page-center" data-testid="login-required">
      <Empty title={t('loginRequired')}>
        <Button theme="solid" onClick={() => showLogin('login')}>
          {t('loginOrRegister')}
        </Button>
      </Empty>
    </div>
  );
}
