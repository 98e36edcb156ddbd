import { Button, Empty } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page-center" data-testid="not-found">
      <Empty title={t('notFoundTitle')} description={t('notFoundBody')}>
        <Link to="/">
          <Button theme="solid">{t('backHome')}</Button>
        </Link>
      </Empty>
    </div>
  );
}
