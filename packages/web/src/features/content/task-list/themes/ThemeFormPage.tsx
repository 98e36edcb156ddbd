import { Button, Input, Select, Spin, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { EmptyState } from '@productimage/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { THEMES_KEY, themesApi, useThemes } from './themesApi.ts';
import './themes.css';
import { useBusyAction } from '../../../../shared/useAction.ts';

/** /modi-theme/create, /edit/:id, /create-topic, /edit-topic/:id: one form for themes and topics. */
export default function ThemeFormPage() {
  const { t } = useTranslation(['themes', 'common']);
  const { id } = useParams();
  const { pathname, search } = useLocation();
  const isTopic = pathname.includes('topic');
  const navigate = useNavigate();
  const client = useQueryClient();
  const themes = useThemes();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [themeId, setThemeId] = useState(new URLSearchParams(search).get('themeId') ?? '');
  const [filled, setFilled] = useState(!id);
  const { busy, run } = useBusyAction();

  // Editing: fill the form once from the list (themes carry their topics).
  useEffect(() => {
    if (filled || !themes.data || !id) return;
    if (isTopic) {
      const topic = themes.data.flatMap((th) => th.topics).find((p) => p.topicId === id);
      if (topic) {
        setName(topic.name);
        setDescription(topic.description);
        setThemeId(topic.themeId);
      }
    } else {
      const theme = themes.data.find((th) => th.themeId === id);
      if (theme) {
        setName(theme.name);
        setDescription(theme.description);
      }
    }
    setFilled(true);
  }, [filled, themes.data, id, isTopic]);

  const save = async () => {
    const input = { name: name.trim(), description: description.trim() };
    await run(async () => {
      if (isTopic) {
        if (id) await themesApi.updateTopic(id, { ...input, themeId });
        else await themesApi.createTopic({ ...input, themeId });
      } else if (id) await themesApi.updateTheme(id, input);
      else await themesApi.createTheme(input);
      Toast.success(t('saved'));
      await client.invalidateQueries({ queryKey: THEMES_KEY });
      navigate('/modi-theme');
    });
  };

  if (themes.isLoading || !filled) return <Spin />;
  if (isTopic && themes.data?.length === 0) {
    return (
      <EmptyState text={t('needTheme')}>
        <Link to="/modi-theme/create">{t('newTheme')}</Link>
      </EmptyState>
    );
  }
  const title = isTopic ? (id ? 'editTopic' : 'newTopic') : id ? 'editTheme' : 'newTheme';
  return (
    <div className="themes-form" data-testid="theme-form">
      <Link to="/modi-theme">{t('back')}</Link>
      <h2>{t(title)}</h2>
      {isTopic && (
        <Select
          value={themeId || undefined}
          onChange={(v) => setThemeId(String(v))}
          placeholder={t('theme')}
          optionList={(themes.data ?? []).map((th) => ({ value: th.themeId, label: th.name }))}
        />
      )}
      <Input value={name} onChange={setName} placeholder={t('name')} maxLength={100} />
      <TextArea value={description} onChange={setDescription} placeholder={t('description')} maxLength={2000} />
      <Button theme="solid" loading={busy} disabled={!name.trim() || (isTopic && !themeId)} onClick={save}>
        {t('save')}
      </Button>
    </div>
  );
}
