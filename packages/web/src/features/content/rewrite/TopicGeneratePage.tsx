import { Input, TextArea } from '@douyinfe/semi-ui-19';
import { REWRITE_GEN_NUM, REWRITE_INPUT_MAX } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RewriteForm, useRewriteFields } from './RewriteFields.tsx';
import { type RewriteFormProps, RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { rewriteApi } from './rewriteApi.ts';

/**
 * /topic-generate (THEME_ARTICLE_GEN): articles on a topic for the user's product, by the chat model;
 * without one, the offline writer's template drafts (labelled on each item).
 */
export default function TopicGeneratePage() {
  return <RewriteWorkspace kind="topic" bizType="THEME_ARTICLE_GEN" routeId="topicGenerate" tipKey="topicTip" Form={TopicForm} />;
}

function TopicForm({ onSubmitted, engineReady }: RewriteFormProps) {
  const { t } = useTranslation('rewrite');
  const { busy, run } = useSubmit();
  // Prefilled from the hot-content workbench: /topic-generate?topic=&marketDesc=&productInfo=
  const [query] = useSearchParams();
  const fields = useRewriteFields({
    genNum: REWRITE_GEN_NUM.topic,
    productInfo: query.get('productInfo'),
    marketDesc: query.get('marketDesc'),
  });
  const [topic, setTopic] = useState(query.get('topic') ?? '');
  const [topicDesc, setTopicDesc] = useState('');
  const { productInfo, marketDesc, platform, style, genNum } = fields.values;
  const submit = () =>
    run(() => rewriteApi.submitTopic({ topic, topicDesc, productInfo, marketDesc, platform, style, genNum }), onSubmitted);
  return (
    <RewriteForm
      fields={fields}
      platformStyle
      submit={{
        busy,
        disabled: !topic.trim() || !engineReady,
        onClick: () => void submit(),
        cost: 0,
        label: t('topicSubmit'),
      }}
    >
      <Input
        value={topic}
        onChange={setTopic}
        maxLength={REWRITE_INPUT_MAX.title}
        placeholder={t('topicPlaceholder')}
        aria-label={t('topicLabel')}
        data-testid="rewrite-topic"
      />
      <TextArea
        value={topicDesc}
        onChange={setTopicDesc}
        maxLength={REWRITE_INPUT_MAX.summary}
        rows={2}
        placeholder={t('topicDesc')}
        aria-label={t('topicDesc')}
      />
    </RewriteForm>
  );
}
