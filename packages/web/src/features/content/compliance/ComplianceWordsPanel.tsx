import { Button, Input, Select, Spin, Switch, Tag, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/useAction.ts';
import { ComplianceHits, HighlightedText } from './ComplianceHits.tsx';
import { COMPLIANCE_WORDS_KEY, complianceApi } from './complianceApi.ts';
import type { Compliance } from './verdict.ts';

type Level = 'warn' | 'block';

/**
 * The console's compliance tab: the operator's tenant's own banned words (add, import a CSV,
 * enable or disable; the built-in sets' version shown), and a box to check any text with them.
 */
export function ComplianceWordsPanel() {
  const { t } = useTranslation(['compliance', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const words = useQuery({ queryKey: COMPLIANCE_WORDS_KEY, queryFn: complianceApi.words });
  const [word, setWord] = useState('');
  const [level, setLevel] = useState<Level>('block');
  const [suggestion, setSuggestion] = useState('');
  const [csv, setCsv] = useState('');
  const [sample, setSample] = useState('');
  const [verdict, setVerdict] = useState<{ text: string; result: Compliance } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: COMPLIANCE_WORDS_KEY });
  if (words.isLoading) return <Spin />;
  if (words.error || !words.data) return <ErrorState error={words.error} onRetry={() => words.refetch()} />;
  const add = () =>
    act(async () => {
      await complianceApi.addWords([{ word: word.trim(), level, suggestion: suggestion.trim() }]);
      setWord('');
      setSuggestion('');
      await refresh();
    });
  const importCsv = () =>
    act(async () => {
      const { count } = await complianceApi.importCsv(csv);
      Toast.success(t('words.imported', { count }));
      setCsv('');
      await refresh();
    });
  const readFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };
  const check = () =>
    act(async () => {
      setVerdict({ text: sample, result: await complianceApi.check({ text: sample }) });
    });
  return (
    <div data-testid="console-compliance">
      <p className="console-muted">{t('words.intro')}</p>
      <p className="console-muted">{t('words.builtIn', { version: words.data.version })}</p>
      <div className="console-toolbar">
        <Input
          value={word}
          onChange={setWord}
          placeholder={t('words.word')}
          maxLength={40}
          style={{ width: 180 }}
          data-testid="compliance-word"
        />
        <Select
          value={level}
          onChange={(v) => setLevel(v as Level)}
          style={{ width: 110 }}
          optionList={(['block', 'warn'] as const).map((l) => ({ value: l, label: t(`levels.${l}`) }))}
          aria-label={t('words.level')}
        />
        <Input
          value={suggestion}
          onChange={setSuggestion}
          placeholder={t('words.suggestion')}
          maxLength={40}
          style={{ width: 180 }}
        />
        <Button theme="solid" disabled={!word.trim()} onClick={add} data-testid="compliance-word-add">
          {t('words.add')}
        </Button>
      </div>
      <div className="console-row">
        <Typography.Text type="tertiary" size="small">
          {t('words.importHint')}
        </Typography.Text>
        <TextArea value={csv} onChange={setCsv} rows={3} maxLength={200_000} data-testid="compliance-csv" />
        <div className="console-toolbar">
          <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.target.files?.[0])} />
          <Button disabled={!csv.trim()} onClick={importCsv} data-testid="compliance-import">
            {t('words.import')}
          </Button>
        </div>
      </div>
      {words.data.words.length ? (
        <div className="console-rows">
          {words.data.words.map((w) => (
            <div className="console-toolbar" key={w.id} data-testid="compliance-word-row">
              <Typography.Text strong delete={!w.enabled}>
                {w.word}
              </Typography.Text>
              <Tag color={w.level === 'block' ? 'red' : 'orange'}>{t(`levels.${w.level}`)}</Tag>
              {w.suggestion ? <Typography.Text type="tertiary">→ {w.suggestion}</Typography.Text> : null}
              <Typography.Text type="tertiary" size="small">
                {formatDate(w.createdAt)}
              </Typography.Text>
              <Switch
                checked={w.enabled}
                aria-label={w.enabled ? t('words.disable') : t('words.enable')}
                onChange={(enabled) =>
                  act(async () => {
                    await complianceApi.setEnabled(w.id, enabled);
                    await refresh();
                  })
                }
              />
            </div>
          ))}
        </div>
      ) : (
        <p className="console-muted">{t('words.empty')}</p>
      )}
      <h4>{t('check.label')}</h4>
      <TextArea value={sample} onChange={setSample} rows={3} placeholder={t('check.placeholder')} maxLength={20_000} />
      <Button disabled={!sample.trim()} onClick={check} data-testid="compliance-check">
        {t('check.run')}
      </Button>
      {verdict ? (
        <div>
          <Typography.Paragraph>
            <HighlightedText text={verdict.text} hits={verdict.result.hits} />
          </Typography.Paragraph>
          {verdict.result.level === 'ok' ? (
            <p className="console-muted">{t('clean')}</p>
          ) : (
            <ComplianceHits verdict={verdict.result} />
          )}
        </div>
      ) : null}
    </div>
  );
}
