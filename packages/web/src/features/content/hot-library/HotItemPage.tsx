import { Button, Popconfirm, Spin, Tag, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useRouteOpen } from '../../identity/tenants/useRouteOpen.ts';
import { hotLibraryApi } from './hotLibraryApi.ts';
import '../../../shared/listPage.css';
import '../notes/notes.css';
import { useAction } from '../../../shared/useAction.ts';

/** /modi-hot-library/:id */
export default function HotItemPage() {
  const { t } = useTranslation(['hotLibrary', 'common']);
  const runAction = useAction();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const routeOpen = useRouteOpen();
  const item = useQuery({ queryKey: ['hot-library', id], queryFn: () => hotLibraryApi.find(id) });
  if (item.isLoading) return <Spin />;
  if (item.error) return <ErrorState error={item.error} onRetry={() => item.refetch()} />;
  if (!item.data)
    return (
      <EmptyState text={t('notFound')}>
        <Link to="/modi-hot-library">{t('back')}</Link>
      </EmptyState>
    );
  const it = item.data;
  return (
    <div className="notes-detail" data-testid="hot-item-detail">
      <Link to="/modi-hot-library">{t('back')}</Link>
      <h2>{it.title}</h2>
      <div>
        <Tag>{t(`source_${it.source}`)}</Tag> {it.platform && <Tag>{it.platform}</Tag>} {it.hot && <span>🔥 {it.hot}</span>}
      </div>
      <small>{t('savedAt', { date: formatDate(it.createdAt) })}</small>
      <pre>{it.content}</pre>
      <div className="list-page-toolbar">
        {it.url && (
          <a href={it.url} target="_blank" rel="noopener noreferrer">
            {t('open')}
          </a>
        )}
        {routeOpen('/rewrite-article') ? (
          <Link to={`/rewrite-article?hotLibraryId=${encodeURIComponent(it.itemId)}`}>{t('useForRewrite')}</Link>
        ) : null}
        {routeOpen('/content-hotspot') && routeOpen('/mott-idea') ? (
          <Link to={`/content-hotspot?hotLibraryId=${encodeURIComponent(it.itemId)}`} data-testid="hot-item-ideas">
            {t('useForIdeas')}
          </Link>
        ) : null}
        <Popconfirm
          title={t('deleteConfirm')}
          onConfirm={async () => {
            await runAction(async () => {
              await hotLibraryApi.remove(it.itemId);
              Toast.success(t('common:deleted'));
              navigate('/modi-hot-library');
            });
          }}
        >
          <Button type="danger">{t('delete')}</Button>
        </Popconfirm>
      </div>
    </div>
  );
}
