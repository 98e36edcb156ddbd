import { Button, Input, Spin } from '@douyinfe/semi-ui-19';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knowledgeApi } from './knowledgeApi.ts';
import { hasMatch, Snippet } from './Snippet.tsx';

/** Search test (FastGPT's searchTest): the best chunks with their score and source, matched terms highlighted. */
export function SearchPanel({ datasetId }: { datasetId: string }) {
  const { t } = useTranslation('knowledge');
  const [text, setText] = useState('');
  const search = useMutation({ mutationFn: (q: string) => knowledgeApi.search(datasetId, q) });
  const run = () => text.trim() && search.mutate(text.trim());
  const hits = search.data;

  return (
    <div className="knowledge-card">
      <h3>{t('searchTest')}</h3>
      <div className="knowledge-search">
        <Input
          value={text}
          onChange={setText}
          onEnterPress={run}
          placeholder={t('searchPlaceholder')}
          maxLength={1000}
          data-testid="search-input"
        />
        <Button theme="solid" onClick={run} disabled={!text.trim()} data-testid="search-run">
          {t('search')}
        </Button>
      </div>
      {search.isPending && <Spin />}
      {search.error && <ErrorState error={search.error} onRetry={run} />}
      {hits && hits.length === 0 && <EmptyState text={t('noHits')} testId="search-empty" />}
      {hits && hits.length > 0 && <small>{t(hits[0]!.mode === 'hybrid' ? 'modeHybrid' : 'modeKeyword')}</small>}
      {hits?.map((hit) => (
        <div className="knowledge-hit" key={hit.chunkId} data-testid="search-hit">
          {hasMatch(hit.snippet) ? (
            <p title={hit.text}>
              <Snippet parts={hit.snippet} testId="search-hit-snippet" />
            </p>
          ) : hit.a ? (
            <>
              <p>
                <b>{t('question')}：</b>
                {hit.q}
              </p>
              <p>
                <b>{t('answer')}：</b>
                {hit.a}
              </p>
            </>
          ) : (
            <p>{hit.text}</p>
          )}
          <small data-testid="search-hit-source">{t('source', { name: hit.sourceName })}</small>
          <small>{t('score', { score: hit.score.toFixed(3) })}</small>
        </div>
      ))}
    </div>
  );
}
