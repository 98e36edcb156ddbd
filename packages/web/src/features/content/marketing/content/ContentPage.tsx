import { Empty, Spin, Typography } from '@douyinfe/semi-ui-19';
import { MAX_CONTENT_ITEMS } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useTranslation } from 'react-i18next';
import { ContentCard } from './ContentCard.tsx';
import { ContentForm } from './ContentForm.tsx';
import { useContents } from './useContents.ts';
import '../marketing.css';

/** /mott-content, /modi-content, /content-publishing: the content form and the user's content tasks. */
export default function ContentPage() {
  const { t } = useTranslation(['marketing', 'common', 'errors']);
  const contents = useContents();
  return (
    <div className="mkt-page mkt-content-page" data-testid="content-page">
      <ContentForm total={contents.data?.total ?? 0} />
      <div className="mkt-content-list">
        <Typography.Title heading={5} data-testid="content-count">
          {t('content.list', { count: contents.data?.total ?? 0, max: MAX_CONTENT_ITEMS })}
        </Typography.Title>
        {contents.isLoading ? <Spin /> : null}
        {contents.isError ? <ErrorState error={contents.error} onRetry={() => contents.refetch()} /> : null}
        {contents.data && !contents.data.list.length ? <Empty title={t('content.empty')} /> : null}
        {contents.data?.list.map((c) => (
          <ContentCard key={c.contentId} content={c} />
        ))}
      </div>
    </div>
  );
}
