import { Input, Select, Spin } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { CONSOLE_KEY, consoleApi, FOLLOWUP_STATUSES, type FollowupKind, type FollowupStatus } from './consoleApi.ts';

interface Row {
  id: string;
  head: string;
  lines: string[];
  createdAt: number;
}

function StatusControl({
  kind,
  id,
  status,
  note,
}: {
  kind: FollowupKind;
  id: string;
  status: FollowupStatus;
  note: string | null;
}) {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const [text, setText] = useState(note ?? '');
  const save = (next: FollowupStatus, nextNote: string) =>
    act(async () => {
      await consoleApi.setFollowup(kind, id, next, nextNote.trim() || null);
      await client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'followups', kind] });
    });
  return (
    <span className="console-toolbar">
      <Select
        size="small"
        value={status}
        aria-label={t('followups.status')}
        onChange={(v) => save(v as FollowupStatus, text)}
        optionList={FOLLOWUP_STATUSES.map((s) => ({ value: s, label: t(`followups.statuses.${s}`) }))}
        style={{ width: 110 }}
      />
      <Input
        size="small"
        value={text}
        onChange={setText}
        onBlur={() => text !== (note ?? '') && save(status, text)}
        placeholder={t('followups.note')}
        style={{ width: 180 }}
      />
    </span>
  );
}

/** Leads and consultant requests, or feedback, with their follow-up status. */
export function FollowupsPanel({ kind }: { kind: FollowupKind }) {
  const { t } = useTranslation('console');
  const items = useQuery({
    queryKey: [...CONSOLE_KEY, 'items', kind],
    queryFn: async (): Promise<Row[]> =>
      kind === 'lead'
        ? (await consoleApi.leads()).list.map((l) => ({
            id: l.id,
            head: `${l.name} · ${l.companyName}`,
            lines: [`${l.type} · ${l.phone} ${l.email}`, l.description],
            createdAt: l.createdAt,
          }))
        : (await consoleApi.feedback()).list.map((f) => ({
            id: f.id,
            head: f.title,
            lines: [f.content],
            createdAt: f.createdAt,
          })),
  });
  const statuses = useQuery({ queryKey: [...CONSOLE_KEY, 'followups', kind], queryFn: () => consoleApi.followups(kind) });
  if (items.isLoading) return <Spin />;
  if (items.error) return <ErrorState error={items.error} onRetry={() => items.refetch()} />;
  const byId = new Map(statuses.data?.map((s) => [s.refId, s]) ?? []);
  return (
    <div className="console-rows" data-testid={`console-${kind}`}>
      {items.data?.length === 0 && <p className="console-muted">{t('none')}</p>}
      {items.data?.map((row) => {
        const s = byId.get(row.id);
        return (
          <div className="console-row" key={row.id}>
            <div className="console-row-head">
              <span className="console-row-main">
                <strong>{row.head}</strong> <span className="console-muted">{formatDate(row.createdAt, true)}</span>
                {row.lines.filter(Boolean).map((line) => (
                  <div className="console-muted" key={line}>
                    {line}
                  </div>
                ))}
              </span>
              <StatusControl
                key={`${row.id}-${s?.updatedAt ?? 0}`}
                kind={kind}
                id={row.id}
                status={s?.status ?? 'new'}
                note={s?.note ?? null}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}
