import { Button, Empty } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div className="page-center" data-testid="forbidden">
      <Empty title={t('forbiddenTitle')} description={t('forbiddenBody')}>
        <Link to="/">
          <Button theme="solid">{t('backHome')}</Button>
        </Link>
      </Empty>
    </div>
  );
}
