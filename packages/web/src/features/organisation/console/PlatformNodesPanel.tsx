import { Button, Checkbox, Input, InputNumber, Spin, Toast } from '@douyinfe/semi-ui-19';
import type { ApiData } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { CONSOLE_KEY, consoleApi } from './consoleApi.ts';

type Node = ApiData<'get', '/api/console/platform-nodes'>['nodes'][number];
const blank: Node = { name: '', nameEn: '', month: 1, day: 1, desc: { zh: '', en: '' } };

/** The marketing calendar's platform nodes: the built-in list until platform operators save their own. */
export function PlatformNodesPanel({ platform }: { platform: boolean }) {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const nodes = useQuery({ queryKey: [...CONSOLE_KEY, 'nodes'], queryFn: consoleApi.platformNodes });
  const [list, setList] = useState<Node[]>([]);
  useEffect(() => {
    if (nodes.data) setList(nodes.data.nodes);
  }, [nodes.data]);
  if (nodes.isLoading) return <Spin />;
  if (nodes.error) return <ErrorState error={nodes.error} onRetry={() => nodes.refetch()} />;
  const set = (i: number, patch: Partial<Node>) => setList(list.map((n, j) => (j === i ? { ...n, ...patch } : n)));
  const save = () =>
    act(async () => {
      await consoleApi.savePlatformNodes(list.filter((n) => n.name.trim() && n.nameEn.trim()));
      Toast.success(t('saved'));
      await client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'nodes'] });
    });
  return (
    <div data-testid="console-nodes">
      <p className="console-muted">{nodes.data?.custom ? t('nodes.custom') : t('nodes.builtIn')}</p>
      <div className="console-rows">
        {list.map((n, i) => (
          <div className="console-row" key={`${i}-${n.name}`}>
            <div className="console-toolbar">
              <Input
                value={n.name}
                onChange={(name) => set(i, { name })}
                placeholder={t('nodes.name')}
                maxLength={30}
                style={{ width: 150 }}
                disabled={!platform}
              />
              <Input
                value={n.nameEn}
                onChange={(nameEn) => set(i, { nameEn })}
                placeholder={t('nodes.nameEn')}
                maxLength={60}
                style={{ width: 200 }}
                disabled={!platform}
              />
              <InputNumber
                value={n.month}
                min={1}
                max={12}
                onChange={(v) => set(i, { month: Number(v) || 1 })}
                aria-label={t('nodes.month')}
                style={{ width: 80 }}
                disabled={!platform}
              />
              <InputNumber
                value={n.day}
                min={1}
                max={31}
                onChange={(v) => set(i, { day: Number(v) || 1 })}
                aria-label={t('nodes.day')}
                style={{ width: 80 }}
                disabled={!platform}
              />
              <Checkbox checked={!!n.lunar} onChange={(e) => set(i, { lunar: !!e.target.checked })} disabled={!platform}>
                {t('nodes.lunar')}
              </Checkbox>
              {platform && (
                <Button size="small" type="danger" onClick={() => setList(list.filter((_, j) => j !== i))}>
                  {t('nodes.remove')}
                </Button>
              )}
            </div>
            <div className="console-toolbar">
              <Input
                value={n.desc.zh}
                onChange={(zh) => set(i, { desc: { ...n.desc, zh } })}
                placeholder={t('nodes.descZh')}
                maxLength={200}
                disabled={!platform}
              />
              <Input
                value={n.desc.en}
                onChange={(en) => set(i, { desc: { ...n.desc, en } })}
                placeholder={t('nodes.descEn')}
                maxLength={300}
                disabled={!platform}
              />
            </div>
          </div>
        ))}
      </div>
      {platform ? (
        <div className="console-toolbar">
          <Button onClick={() => setList([...list, { ...blank, desc: { zh: '', en: '' } }])}>{t('nodes.add')}</Button>
          <Button theme="solid" onClick={save}>
            {t('save')}
          </Button>
        </div>
      ) : (
        <p className="console-muted">{t('nodes.platformOnly')}</p>
      )}
    </div>
  );
}
