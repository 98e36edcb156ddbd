import { Button, Input, Radio, RadioGroup, Select, TextArea, Typography } from '@douyinfe/semi-ui-19';
import {
  type BizType,
  REWRITE_GEN_NUM,
  REWRITE_INPUT_MAX,
  REWRITE_INPUT_TYPES,
  REWRITE_PLATFORM_LIMITS,
  REWRITE_PLATFORMS,
  REWRITE_STYLES,
  type RewritePlatform,
} from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HotLibraryPicker } from '../hot-library/HotLibraryPicker.tsx';
import { type HotItem, hotLibraryApi } from '../hot-library/hotLibraryApi.ts';
import { RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { type RewriteBatch, rewriteApi } from './rewriteApi.ts';

/** /rewrite-article: rewrite a popular article (by link or pasted) for the user's product. */
export default function RewriteArticlePage() {
  const { t } = useTranslation('rewrite');
  return (
    <RewriteWorkspace
      kind="article"
      bizType={'HOT_ARTICLE_REWRITE' as BizType}
      routeId="rewriteArticle"
      tip={t('articleTip')}
      form={(props) => <ArticleForm {...props} />}
    />
  );
}

function ArticleForm({ onSubmitted, engineReady }: { onSubmitted: (batch: RewriteBatch) => void; engineReady: boolean }) {
  const { t } = useTranslation(['rewrite', 'common']);
  // Prefilled from the hot-content workbench (?inputType=&title=&article=&xhsUrl=&marketDesc=&productInfo=)
  // or from a hot-library item (?hotLibraryId=); the picker fills it from the user's hot library.
  const [query] = useSearchParams();
  const [inputType, setInputType] = useState<1 | 2>(
    query.get('inputType') === String(REWRITE_INPUT_TYPES.link) ? REWRITE_INPUT_TYPES.link : REWRITE_INPUT_TYPES.manual,
  );
  const [xhsUrl, setUrl] = useState(query.get('xhsUrl') ?? '');
  const [title, setTitle] = useState(query.get('title') ?? '');
  const [article, setArticle] = useState(query.get('article') ?? '');
  const [marketDesc, setMarketDesc] = useState(query.get('marketDesc') ?? '');
  const [productInfo, setProductInfo] = useState(query.get('productInfo') ?? '');
  const fillFrom = (item: HotItem) => {
    setTitle(item.title.slice(0, REWRITE_INPUT_MAX.title));
    setArticle(item.content.slice(0, REWRITE_INPUT_MAX.article));
    setUrl(item.url);
    setInputType(item.content.trim() || !/^https?:\/\//i.test(item.url) ? REWRITE_INPUT_TYPES.manual : REWRITE_INPUT_TYPES.link);
  };
  const hotLibraryId = query.get('hotLibraryId');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once per item id
  useEffect(() => {
    if (!hotLibraryId) return;
    void hotLibraryApi.find(hotLibraryId).then((item) => item && fillFrom(item));
  }, [hotLibraryId]);
  const [platform, setPlatform] = useState<RewritePlatform>('xiaohongshu');
  const [style, setStyle] = useState<(typeof REWRITE_STYLES)[number]>('default');
  const [genNum, setGenNum] = useState<number>(REWRITE_GEN_NUM.article);
  const { busy, run } = useSubmit();
  const ready = inputType === REWRITE_INPUT_TYPES.link ? /^https?:\/\/\S+$/i.test(xhsUrl.trim()) : article.trim().length > 0;

  const submit = () =>
    run(
      () =>
        rewriteApi.submit({
          inputType,
          xhsUrl: xhsUrl.trim(),
          title,
          article,
          marketDesc,
          productInfo,
          platform,
          style,
          genNum,
        }),
      onSubmitted,
    );

  return (
    <div className="rewrite-form" data-testid="rewrite-form">
      <HotLibraryPicker onPick={fillFrom} testId="rewrite-hot-picker" />
      <RadioGroup type="button" value={inputType} onChange={(e) => setInputType(e.target.value as 1 | 2)}>
        <Radio value={REWRITE_INPUT_TYPES.link} data-testid="rewrite-input-link">
          {t('inputLink')}
        </Radio>
        <Radio value={REWRITE_INPUT_TYPES.manual} data-testid="rewrite-input-manual">
          {t('inputManual')}
        </Radio>
      </RadioGroup>
      {inputType === REWRITE_INPUT_TYPES.link ? (
        <Input
          value={xhsUrl}
          onChange={setUrl}
          placeholder={t('linkPlaceholder')}
          aria-label={t('inputLink')}
          data-testid="rewrite-url"
        />
      ) : (
        <>
          <Input
            value={title}
            onChange={setTitle}
            maxLength={REWRITE_INPUT_MAX.title}
            placeholder={t('articleTitle')}
            aria-label={t('articleTitle')}
            data-testid="rewrite-title"
          />
          <TextArea
            value={article}
            onChange={setArticle}
            maxLength={REWRITE_INPUT_MAX.article}
            rows={8}
            placeholder={t('articlePlaceholder')}
            aria-label={t('articleText')}
            data-testid="rewrite-article"
          />
        </>
      )}
      <TextArea
        value={productInfo}
        onChange={setProductInfo}
        maxLength={REWRITE_INPUT_MAX.productInfo}
        rows={2}
        placeholder={t('productInfo')}
        aria-label={t('productInfo')}
        data-testid="rewrite-product"
      />
      <TextArea
        value={marketDesc}
        onChange={setMarketDesc}
        maxLength={REWRITE_INPUT_MAX.marketDesc}
        rows={2}
        placeholder={t('marketDesc')}
        aria-label={t('marketDesc')}
      />
      <div className="rewrite-row">
        <Select
          value={platform}
          onChange={(v) => setPlatform(v as RewritePlatform)}
          aria-label={t('platform')}
          style={{ width: 160 }}
        >
          {REWRITE_PLATFORMS.map((p) => (
            <Select.Option key={p} value={p}>
              {t(`platform_${p}`)}
            </Select.Option>
          ))}
        </Select>
        <Select value={style} onChange={(v) => setStyle(v as typeof style)} aria-label={t('style')} style={{ width: 160 }}>
          {REWRITE_STYLES.map((s, i) => (
            <Select.Option key={s} value={s}>
              {t(`style_${i}`)}
            </Select.Option>
          ))}
        </Select>
        <RadioGroup type="button" value={genNum} onChange={(e) => setGenNum(Number(e.target.value))} aria-label={t('genNum')}>
          {Array.from({ length: REWRITE_GEN_NUM.max }, (_, i) => (
            <Radio key={i + 1} value={i + 1} data-testid={`rewrite-count-${i + 1}`}>
              {i + 1}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      {platform !== 'weibo' && (
        <Typography.Text type="tertiary" size="small">
          {t('limits', REWRITE_PLATFORM_LIMITS[platform])}
        </Typography.Text>
      )}
      <Button
        theme="solid"
        size="large"
        loading={busy}
        disabled={!ready || !engineReady}
        onClick={() => void submit()}
        data-testid="rewrite-submit"
      >
        {t('submit')}
      </Button>
    </div>
  );
}
