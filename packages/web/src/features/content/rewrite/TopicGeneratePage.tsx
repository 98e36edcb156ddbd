import { Input, TextArea, Typography } from '@douyinfe/semi-ui-19';
import {
  type BizType,
  REWRITE_GEN_NUM,
  REWRITE_INPUT_MAX,
  REWRITE_PLATFORM_LIMITS,
  type RewritePlatform,
} from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GenNumPicker, PlatformStyle, ProductFields, type RewriteStyle, SubmitButton } from './RewriteFields.tsx';
import { RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { type RewriteBatch, rewriteApi } from './rewriteApi.ts';

/**
 * /topic-generate (THEME_ARTICLE_GEN): articles on a topic for the user's product, by the chat model;
 * without one, the offline writer's template drafts (labelled on each item).
 */
export default function TopicGeneratePage() {
  const { t } = useTranslation('rewrite');
  return (
    <RewriteWorkspace
      kind="topic"
      bizType={'THEME_ARTICLE_GEN' as BizType}
      routeId="topicGenerate"
      tip={t('topicTip')}
      form={(props) => <TopicForm {...props} />}
    />
  );
}

function TopicForm({ onSubmitted, engineReady }: { onSubmitted: (batch: RewriteBatch) => void; engineReady: boolean }) {
  const { t } = useTranslation('rewrite');
  const { busy, run } = useSubmit();
  // Prefilled from the hot-content workbench: /topic-generate?topic=&marketDesc=&productInfo=
  const [query] = useSearchParams();
  const [topic, setTopic] = useState(query.get('topic') ?? '');
  const [topicDesc, setTopicDesc] = useState('');
  const [productInfo, setProductInfo] = useState(query.get('productInfo') ?? '');
  const [marketDesc, setMarketDesc] = useState(query.get('marketDesc') ?? '');
  const [platform, setPlatform] = useState<RewritePlatform>('xiaohongshu');
  const [style, setStyle] = useState<RewriteStyle>('default');
  const [genNum, setGenNum] = useState<number>(REWRITE_GEN_NUM.topic);
  const submit = () =>
    run(() => rewriteApi.submitTopic({ topic, topicDesc, productInfo, marketDesc, platform, style, genNum }), onSubmitted);
  return (
    <div className="rewrite-form" data-testid="rewrite-form">
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
      <ProductFields
        productInfo={productInfo}
        marketDesc={marketDesc}
        onProductInfo={setProductInfo}
        onMarketDesc={setMarketDesc}
      />
      <div className="rewrite-row">
        <PlatformStyle platform={platform} style={style} onPlatform={setPlatform} onStyle={setStyle} />
        <GenNumPicker value={genNum} onChange={setGenNum} />
      </div>
      <Typography.Text type="tertiary" size="small">
        {t('limits', REWRITE_PLATFORM_LIMITS[platform])}
      </Typography.Text>
      <SubmitButton
        busy={busy}
        disabled={!topic.trim() || !engineReady}
        onClick={() => void submit()}
        cost={0}
        label={t('topicSubmit')}
      />
    </div>
  );
}
