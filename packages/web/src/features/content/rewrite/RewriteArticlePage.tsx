import { Input, Radio, RadioGroup, TextArea } from '@douyinfe/semi-ui-19';
import { REWRITE_GEN_NUM, REWRITE_INPUT_MAX, REWRITE_INPUT_TYPES } from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HotLibraryPicker } from '../hot-library/HotLibraryPicker.tsx';
import { type HotItem, hotLibraryApi } from '../hot-library/hotLibraryApi.ts';
import { RewriteForm, useRewriteFields } from './RewriteFields.tsx';
import { type RewriteFormProps, RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { rewriteApi } from './rewriteApi.ts';

/** /rewrite-article: rewrite a popular article (by link or pasted) for the user's product. */
export default function RewriteArticlePage() {
  return (
    <RewriteWorkspace
      kind="article"
      bizType="HOT_ARTICLE_REWRITE"
      routeId="rewriteArticle"
      tipKey="articleTip"
      Form={ArticleForm}
    />
  );
}

function ArticleForm({ onSubmitted, engineReady }: RewriteFormProps) {
  const { t } = useTranslation(['rewrite', 'common']);
  // Prefilled from the hot-content workbench (?inputType=&title=&article=&xhsUrl=&marketDesc=&productInfo=)
  // or from a hot-library item (?hotLibraryId=); the picker fills it from the user's hot library.
  const [query] = useSearchParams();
  const fields = useRewriteFields({
    genNum: REWRITE_GEN_NUM.article,
    productInfo: query.get('productInfo'),
    marketDesc: query.get('marketDesc'),
  });
  const [inputType, setInputType] = useState<1 | 2>(
    query.get('inputType') === String(REWRITE_INPUT_TYPES.link) ? REWRITE_INPUT_TYPES.link : REWRITE_INPUT_TYPES.manual,
  );
  const [xhsUrl, setUrl] = useState(query.get('xhsUrl') ?? '');
  const [title, setTitle] = useState(query.get('title') ?? '');
  const [article, setArticle] = useState(query.get('article') ?? '');
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
  const { busy, run } = useSubmit();
  const ready = inputType === REWRITE_INPUT_TYPES.link ? /^https?:\/\/\S+$/i.test(xhsUrl.trim()) : article.trim().length > 0;
  const { productInfo, marketDesc, platform, style, genNum } = fields.values;

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
    <RewriteForm fields={fields} platformStyle submit={{ busy, disabled: !ready || !engineReady, onClick: () => void submit() }}>
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
    </RewriteForm>
  );
}
