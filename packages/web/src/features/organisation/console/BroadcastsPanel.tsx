import { Button, Input, Select, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { CONSOLE_KEY, consoleApi } from './consoleApi.ts';

const TYPES = ['text', 'html', 'link'] as const;

/** Inbox messages to every user of the tenant (or one user), and what was sent. */
export function BroadcastsPanel() {
  const { t } = useTranslation(['console', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [brief, setBrief] = useState('');
  const [contentType, setType] = useState<(typeof TYPES)[number]>('text');
  const [userId, setUserId] = useState('');
  const sent = useQuery({ queryKey: [...CONSOLE_KEY, 'sent'], queryFn: consoleApi.sent });
  const send = () =>
    act(async () => {
      await consoleApi.broadcast({
        title: title.trim(),
        content: content.trim(),
        contentType,
        ...(brief.trim() ? { brief: brief.trim() } : {}),
        ...(userId.trim() ? { userId: userId.trim() } : {}),
      });
      Toast.success(t('broadcasts.sent'));
      setTitle('');
      setContent('');
      setBrief('');
      await client.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'sent'] });
    });
  return (
    <div className="console-form" data-testid="console-broadcasts">
      <Input value={title} onChange={setTitle} placeholder={t('broadcasts.title')} maxLength={100} />
      <Select
        value={contentType}
        onChange={(v) => setType(v as (typeof TYPES)[number])}
        optionList={TYPES.map((v) => ({ value: v, label: v }))}
        style={{ width: 120 }}
      />
      <Input value={brief} onChange={setBrief} placeholder={t('broadcasts.brief')} maxLength={300} />
      <TextArea value={content} onChange={setContent} placeholder={t('broadcasts.content')} rows={4} />
      <Input value={userId} onChange={setUserId} placeholder={t('broadcasts.userId')} maxLength={64} />
      <Button theme="solid" disabled={!title.trim() || !content.trim()} onClick={send}>
        {t('broadcasts.send')}
      </Button>
      <h4>{t('broadcasts.history')}</h4>
      <div className="console-rows">
        {sent.data?.list.map((m) => (
          <div className="console-row" key={m.msgId}>
            <span>{m.msgTitle}</span> <span className="console-muted">{formatDate(m.msgSendTime, true)}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
