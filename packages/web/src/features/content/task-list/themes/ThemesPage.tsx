import { Button, Popconfirm, Spin, Toast } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { THEMES_KEY, themesApi, useThemes } from './themesApi.ts';
import './themes.css';
import { useAction } from '../../../../shared/useAction.ts';

/** /modi-theme: themes with their topics. */
export default function ThemesPage() {
  const { t } = useTranslation(['themes', 'common']);
  const runAction = useAction();
  const client = useQueryClient();
  const themes = useThemes();
  const act = async (fn: () => Promise<unknown>) => {
    await runAction(async () => {
      await fn();
      Toast.success(t('common:deleted'));
      await client.invalidateQueries({ queryKey: THEMES_KEY });
    });
  };
  return (
    <div className="themes-page" data-testid="themes-page">
      <h2>{t('title')}</h2>
      <p>{t('intro')}</p>
      <div>
        <Link to="/modi-theme/create">
          <Button theme="solid">{t('newTheme')}</Button>
        </Link>{' '}
        {!!themes.data?.length && (
          <Link to="/modi-theme/create-topic">
            <Button>{t('newTopic')}</Button>
          </Link>
        )}
      </div>
      {themes.isLoading && <Spin />}
      {themes.error && <ErrorState error={themes.error} onRetry={() => themes.refetch()} />}
      {themes.data?.length === 0 && <EmptyState text={t('empty')} />}
      {themes.data?.map((theme) => (
        <section className="themes-card" key={theme.themeId} data-testid="theme-card">
          <h3>
            <span>{theme.name}</span>
            <small>
              <Link to={`/modi-task-list?themeId=${theme.themeId}`}>{t('tasksCount', { count: theme.tasks })}</Link>
            </small>
            <Link to={`/modi-theme/edit/${theme.themeId}`}>{t('edit')}</Link>
            <Popconfirm title={t('deleteThemeConfirm')} onConfirm={() => act(() => themesApi.deleteTheme(theme.themeId))}>
              <Button size="small" type="danger">
                {t('delete')}
              </Button>
            </Popconfirm>
          </h3>
          {theme.description && <p>{theme.description}</p>}
          {theme.topics.length === 0 && <small>{t('noTopics')}</small>}
          {theme.topics.map((topic) => (
            <div className="themes-topic" key={topic.topicId}>
              <span className="themes-topic-name">{topic.name}</span>
              <Link to={`/modi-theme/edit-topic/${topic.topicId}`}>{t('edit')}</Link>
              <Popconfirm title={t('deleteTopicConfirm')} onConfirm={() => act(() => themesApi.deleteTopic(topic.topicId))}>
                <Button size="small" type="danger">
                  {t('delete')}
                </Button>
              </Popconfirm>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
