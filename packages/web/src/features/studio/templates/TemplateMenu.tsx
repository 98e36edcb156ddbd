import { Button, Input, Modal, Select, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { ImageBizType } from '@productimage/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../identity/accounts/session.ts';
import { describeError } from '../tasks/taskErrors.ts';
import { TEMPLATE_PARAM, TEMPLATES_KEY, type ToolTemplate, templatesApi } from './templatesApi.ts';
import './templates.css';

interface Props {
  bizType: ImageBizType;
  toolPath: string;
  /** The tool's parameters now (what "Save as template" keeps). */
  current: Record<string, unknown>;
  disabled?: boolean;
  onApply: (template: ToolTemplate) => void;
}

/**
 * Templates in a tool's panel: pick one to fill the settings in one tap, or save the current
 * settings as the user's own. A tool opened with ?template=<id> (from /template) applies it once.
 * Anonymous visitors see nothing here (templates belong to accounts).
 */
export function TemplateMenu({ bizType, current, disabled, onApply }: Props) {
  const { t } = useTranslation(['templates', 'errors', 'common']);
  const { current: user } = useSession();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const query = useQuery({
    queryKey: [...TEMPLATES_KEY, bizType],
    queryFn: () => templatesApi.list({ bizType }),
    enabled: !!user,
  });
  const applyRef = useRef(onApply);
  applyRef.current = onApply;

  // Opened from the template library: apply the named template once, then drop it from the address.
  const wanted = search.get(TEMPLATE_PARAM);
  useEffect(() => {
    if (!wanted || !user) return;
    let live = true;
    templatesApi
      .get(wanted)
      .then((template) => {
        if (!live) return;
        if (template.bizType === bizType) {
          applyRef.current(template);
          Toast.success(t('applied', { name: template.name }));
        }
      })
      .catch((error) => Toast.error(describeError(error, t).message))
      .finally(() =>
        setSearch(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete(TEMPLATE_PARAM);
            return next;
          },
          { replace: true },
        ),
      );
    return () => {
      live = false;
    };
  }, [wanted, user, bizType, setSearch, t]);

  const save = useMutation({
    mutationFn: () => templatesApi.create({ name: name.trim(), bizType, params: current }),
    onSuccess: () => {
      Toast.success(t('saved'));
      setSaving(false);
      setName('');
      void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
    onError: (error) => Toast.error(describeError(error, t).message),
  });

  if (!user) return null;
  const templates = query.data?.list ?? [];
  return (
    <div className="template-menu" data-testid="template-menu">
      <Select
        placeholder={t('menu')}
        value={undefined}
        disabled={disabled}
        emptyContent={t('menuEmpty')}
        optionList={templates.map((template) => ({ value: template.templateId, label: template.name }))}
        onChange={(id) => {
          const template = templates.find((item) => item.templateId === id);
          if (!template) return;
          onApply(template);
          Toast.success(t('applied', { name: template.name }));
        }}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="template-select"
      />
      <Button onClick={() => setSaving(true)} disabled={disabled} data-testid="template-save-open">
        {t('saveCurrent')}
      </Button>
      <Modal
        visible={saving}
        title={t('saveTitle')}
        onCancel={() => setSaving(false)}
        onOk={() => save.mutate()}
        okText={t('save')}
        okButtonProps={{ disabled: !name.trim(), loading: save.isPending, 'data-testid': 'template-save' } as object}
      >
        <Typography.Text strong>{t('name')}</Typography.Text>
        <Input value={name} onChange={setName} maxLength={40} data-testid="template-name" />
      </Modal>
    </div>
  );
}
