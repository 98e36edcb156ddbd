import { TextArea, Typography } from '@douyinfe/semi-ui-19';
import {
  type BizType,
  REWRITE_GEN_NUM,
  REWRITE_INPUT_MAX,
  REWRITE_PLATFORM_LIMITS,
  type RewritePlatform,
} from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenNumPicker, PlatformStyle, ProductFields, type RewriteStyle, SubmitButton } from './RewriteFields.tsx';
import { RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { type RewriteBatch, rewriteApi } from './rewriteApi.ts';

/** /rewrite-text: pasted text rewritten for the user's product (the chat model; refused without one). */
export default function RewriteTextPage() {
  const { t } = useTranslation('rewrite');
  return (
    <RewriteWorkspace
      kind="text"
      bizType={'HOT_ARTICLE_REWRITE' as BizType}
      routeId="rewriteText"
      tip={t('textTip')}
      form={(props) => <TextForm {...props} />}
    />
  );
}

function TextForm({ onSubmitted, engineReady }: { onSubmitted: (batch: RewriteBatch) => void; engineReady: boolean }) {
  const { t } = useTranslation('rewrite');
  const { busy, run } = useSubmit();
  const [text, setText] = useState('');
  const [productInfo, setProductInfo] = useState('');
  const [marketDesc, setMarketDesc] = useState('');
  const [platform, setPlatform] = useState<RewritePlatform>('xiaohongshu');
  const [style, setStyle] = useState<RewriteStyle>('default');
  const [genNum, setGenNum] = useState<number>(REWRITE_GEN_NUM.text);
  const submit = () => run(() => rewriteApi.submitText({ text, productInfo, marketDesc, platform, style, genNum }), onSubmitted);
  return (
    <div className="rewrite-form" data-testid="rewrite-form">
      <TextArea
        value={text}
        onChange={setText}
        maxLength={REWRITE_INPUT_MAX.article}
        rows={8}
        placeholder={t('textPlaceholder')}
        aria-label={t('textLabel')}
        data-testid="rewrite-text"
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
      {platform !== 'weibo' && (
        <Typography.Text type="tertiary" size="small">
          {t('limits', REWRITE_PLATFORM_LIMITS[platform])}
        </Typography.Text>
      )}
      <SubmitButton busy={busy} disabled={!text.trim() || !engineReady} onClick={() => void submit()} cost={0} />
    </div>
  );
}
