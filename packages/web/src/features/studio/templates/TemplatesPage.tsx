import { Button, Empty, Popconfirm, Select, Spin, TabPane, Tabs, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { ImageBizType } from '@productimage/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../tasks/taskErrors.ts';
import { GENERATION_TOOLS } from '../tools/generation/toolConfigs.ts';
import { TEMPLATE_PARAM, TEMPLATES_KEY, type TemplateScope, templatesApi } from './templatesApi.ts';
import './templates.css';

type ScopeTab = 'all' | TemplateScope;
const SCOPE_TABS: ScopeTab[] = ['all', 'own', 'tenant', 'public'];
const scopeLabel = (scope: ScopeTab) => `scope${scope[0]?.toUpperCase()}${scope.slice(1)}`;

/** The tool (route) a template opens: the first tool of its business type. */
const toolOf = (bizType: string) => GENERATION_TOOLS.find((tool) => tool.bizType === bizType);

/** /template: the templates the user sees (own, team, public), by tool; use one, edit or delete own. */
export default function TemplatesPage() {
  const { t } = useTranslation(['templates', 'routes', 'errors', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [scope, setScope] = useState<ScopeTab>('all');
  const [bizType, setBizType] = useState<ImageBizType | undefined>();
  const query = useQuery({
    queryKey: [...TEMPLATES_KEY, 'page', scope, bizType ?? ''],
    queryFn: () => templatesApi.list({ ...(scope === 'all' ? {} : { scope }), ...(bizType ? { bizType } : {}) }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => templatesApi.remove(id),
    onSuccess: () => {
      Toast.success(t('deleted'));
      void client.invalidateQueries({ queryKey: TEMPLATES_KEY });
    },
    onError: (error) => Toast.error(describeError(error, t).message),
  });
  const bizTypes = [...new Set(GENERATION_TOOLS.map((tool) => tool.bizType))];
  const list = query.data?.list ?? [];

  return (
    <div className="templates-page" data-testid="templates-page">
      <Typography.Title heading={3}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs type="button" activeKey={scope} onChange={(key) => setScope(key as ScopeTab)}>
        {SCOPE_TABS.map((key) => (
          <TabPane key={key} itemKey={key} tab={t(scopeLabel(key))} />
        ))}
      </Tabs>
      <div className="templates-filters">
        <Select
          value={bizType}
          onChange={(v) => setBizType(bizTypes.find((type) => type === v))}
          placeholder={t('allTools')}
          showClear
          style={{ minWidth: 180 }}
          optionList={bizTypes.map((type) => ({ value: type, label: t(`routes:${toolOf(type)?.id}`) }))}
          data-testid="templates-tool"
        />
        <Link to="/template-edit">
          <Button theme="solid" data-testid="template-new">
            {t('newTitle')}
          </Button>
        </Link>
      </div>
      {query.isLoading ? (
        <Spin />
      ) : query.isError ? (
        <Typography.Text type="danger">{describeError(query.error, t).message}</Typography.Text>
      ) : list.length === 0 ? (
        <Empty title={t('empty')} description={t('emptyHelp')} />
      ) : (
        <div className="templates-grid">
          {list.map((template) => {
            const tool = toolOf(template.bizType);
            return (
              <div className="template-card" key={template.templateId} data-testid="template-card">
                {template.previewUrl && <img src={template.previewUrl} alt="" loading="lazy" />}
                <Typography.Text strong ellipsis={{ showTooltip: true }}>
                  {template.name}
                </Typography.Text>
                <div>
                  <Tag size="small">{tool ? t(`routes:${tool.id}`) : template.bizType}</Tag>{' '}
                  <Tag size="small" color="blue">
                    {t(scopeLabel(template.scope))}
                  </Tag>
                </div>
                {typeof template.params.scene === 'string' && (
                  <Typography.Text type="tertiary" size="small" ellipsis={{ showTooltip: true }}>
                    {template.params.scene}
                  </Typography.Text>
                )}
                <div className="template-card-actions">
                  {tool && (
                    <Button
                      theme="solid"
                      size="small"
                      onClick={() => navigate(`${tool.path}?${new URLSearchParams({ [TEMPLATE_PARAM]: template.templateId })}`)}
                      data-testid="template-use"
                    >
                      {t('use')}
                    </Button>
                  )}
                  {template.editable && (
                    <>
                      <Link to={`/template-edit?id=${encodeURIComponent(template.templateId)}`}>
                        <Button size="small">{t('edit')}</Button>
                      </Link>
                      <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove.mutate(template.templateId)}>
                        <Button size="small" type="danger">
                          {t('delete')}
                        </Button>
                      </Popconfirm>
                    </>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
