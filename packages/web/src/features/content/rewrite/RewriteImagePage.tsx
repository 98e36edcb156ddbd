import { Radio, RadioGroup, TextArea, Typography } from '@douyinfe/semi-ui-19';
import {
  type BizType,
  REWRITE_GEN_NUM,
  REWRITE_INPUT_MAX,
  REWRITE_ITEM_COST,
  REWRITE_PICTURE_RATIOS,
  REWRITE_RES_MAX,
} from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { ImageUpload } from '../../studio/tools/common/ImageUpload.tsx';
import { useOriginImage } from '../../studio/tools/common/originImage.ts';
import type { UploadedImage } from '../../studio/tools/common/useImageUploader.ts';
import { pictureRewriteBody } from './pictureBody.ts';
import { GenNumPicker, ProductFields, SubmitButton } from './RewriteFields.tsx';
import { RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { type RewriteBatch, rewriteApi } from './rewriteApi.ts';

type Ratio = (typeof REWRITE_PICTURE_RATIOS)[number];

/**
 * /rewrite-image (HOT_PIC_REWRITE): a popular picture redrawn for the user's product by the
 * configured image engine, 10 points per picture; the page says so when no image engine is set.
 */
export default function RewriteImagePage() {
  const { t } = useTranslation('rewrite');
  return (
    <RewriteWorkspace
      kind="picture"
      bizType={'HOT_PIC_REWRITE' as BizType}
      routeId="rewriteImage"
      tip={t('pictureTip')}
      form={(props) => <PictureForm {...props} />}
    />
  );
}

function PictureForm({ onSubmitted, engineReady }: { onSubmitted: (batch: RewriteBatch) => void; engineReady: boolean }) {
  const { t } = useTranslation('rewrite');
  const { busy, run } = useSubmit();
  const [img, setImg] = useState<UploadedImage | null>(null);
  // A result or history picture handed over ("use this in…") is the product picture.
  const [product, setProduct] = useState<UploadedImage | null>(useOriginImage());
  // The engine that serves pictures here: the local one puts the user's product into the original,
  // so it needs the product picture; an images API takes it as an optional second picture.
  const engines = useQuery({ queryKey: ['taskEngines'], queryFn: () => api.GET('/api/tasks/engines'), staleTime: 5 * 60_000 });
  const localEngine = engines.data?.engines.find((e) => e.bizTypes.includes('HOT_PIC_REWRITE'))?.name === 'rewrite-picture-local';
  const [picDesc, setPicDesc] = useState('');
  const [res, setRes] = useState('');
  const [productInfo, setProductInfo] = useState('');
  const [marketDesc, setMarketDesc] = useState('');
  const [ratio, setRatio] = useState<Ratio>('3:4');
  const [genNum, setGenNum] = useState<number>(REWRITE_GEN_NUM.picture);
  const submit = () =>
    run(
      () => rewriteApi.submitPicture(pictureRewriteBody(img, product, { picDesc, res, productInfo, marketDesc, ratio, genNum })),
      onSubmitted,
    );
  return (
    <div className="rewrite-form" data-testid="rewrite-form">
      <div className="rewrite-uploads">
        <ImageUpload value={img} onChange={setImg} label={t('originalPicture')} testId="rewrite-picture-upload" />
        <ImageUpload
          value={product}
          onChange={setProduct}
          label={localEngine ? t('productPictureRequired') : t('productPictureOptional')}
          testId="rewrite-product-upload"
        />
      </div>
      <TextArea
        value={picDesc}
        onChange={setPicDesc}
        maxLength={REWRITE_INPUT_MAX.summary}
        rows={2}
        placeholder={t('picDescPlaceholder')}
        aria-label={t('picDesc')}
        data-testid="rewrite-pic-desc"
      />
      <ProductFields
        productInfo={productInfo}
        marketDesc={marketDesc}
        onProductInfo={setProductInfo}
        onMarketDesc={setMarketDesc}
        productRequired
      />
      <TextArea
        value={res}
        onChange={setRes}
        maxLength={REWRITE_RES_MAX}
        rows={2}
        placeholder={t('resPlaceholder')}
        aria-label={t('res')}
      />
      <div className="rewrite-row">
        <RadioGroup type="button" value={ratio} onChange={(e) => setRatio(e.target.value as Ratio)} aria-label={t('ratio')}>
          {REWRITE_PICTURE_RATIOS.map((r) => (
            <Radio key={r} value={r}>
              {r}
            </Radio>
          ))}
        </RadioGroup>
        <GenNumPicker value={genNum} onChange={setGenNum} />
      </div>
      <Typography.Text type="tertiary" size="small">
        {t('perItemCost', { count: REWRITE_ITEM_COST })}
      </Typography.Text>
      <SubmitButton
        busy={busy}
        disabled={!img || (localEngine && !product) || !productInfo.trim() || !engineReady}
        onClick={() => void submit()}
        cost={REWRITE_ITEM_COST * genNum}
      />
    </div>
  );
}
