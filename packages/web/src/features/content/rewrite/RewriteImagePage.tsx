import { Radio, RadioGroup, TextArea } from '@douyinfe/semi-ui-19';
import { REWRITE_GEN_NUM, REWRITE_INPUT_MAX, REWRITE_ITEM_COST, REWRITE_PICTURE_RATIOS } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { ImageUpload } from '../../studio/tools/common/ImageUpload.tsx';
import { useOriginImage } from '../../studio/tools/common/originImage.ts';
import type { UploadedImage } from '../../studio/tools/common/useImageUploader.ts';
import { pictureRewriteBody } from './pictureBody.ts';
import { RewriteForm, useRewriteFields } from './RewriteFields.tsx';
import { type RewriteFormProps, RewriteWorkspace, useSubmit } from './RewriteWorkspace.tsx';
import { rewriteApi } from './rewriteApi.ts';

type Ratio = (typeof REWRITE_PICTURE_RATIOS)[number];

/**
 * /rewrite-image (HOT_PIC_REWRITE): a popular picture redrawn for the user's product by the
 * configured image engine, 10 points per picture; the page says so when no image engine is set.
 */
export default function RewriteImagePage() {
  return (
    <RewriteWorkspace kind="picture" bizType="HOT_PIC_REWRITE" routeId="rewriteImage" tipKey="pictureTip" Form={PictureForm} />
  );
}

function PictureForm({ onSubmitted, engineReady }: RewriteFormProps) {
  const { t } = useTranslation('rewrite');
  const { busy, run } = useSubmit();
  const fields = useRewriteFields({ genNum: REWRITE_GEN_NUM.picture });
  const [img, setImg] = useState<UploadedImage | null>(null);
  // A result or history picture handed over ("use this in…") is the product picture.
  const [product, setProduct] = useState<UploadedImage | null>(useOriginImage());
  // The engine that serves pictures here: the local one puts the user's product into the original,
  // so it needs the product picture; an images API takes it as an optional second picture.
  const engines = useQuery({ queryKey: ['taskEngines'], queryFn: () => api.GET('/api/tasks/engines'), staleTime: 5 * 60_000 });
  const localEngine = engines.data?.engines.find((e) => e.bizTypes.includes('HOT_PIC_REWRITE'))?.name === 'rewrite-picture-local';
  const [picDesc, setPicDesc] = useState('');
  const [ratio, setRatio] = useState<Ratio>('3:4');
  const { res, productInfo, marketDesc, genNum } = fields.values;
  const submit = () =>
    run(
      () => rewriteApi.submitPicture(pictureRewriteBody(img, product, { picDesc, res, productInfo, marketDesc, ratio, genNum })),
      onSubmitted,
    );
  return (
    <RewriteForm
      fields={fields}
      productRequired
      resources
      options={
        <RadioGroup type="button" value={ratio} onChange={(e) => setRatio(e.target.value as Ratio)} aria-label={t('ratio')}>
          {REWRITE_PICTURE_RATIOS.map((r) => (
            <Radio key={r} value={r}>
              {r}
            </Radio>
          ))}
        </RadioGroup>
      }
      note={t('perItemCost', { count: REWRITE_ITEM_COST })}
      submit={{
        busy,
        disabled: !img || (localEngine && !product) || !productInfo.trim() || !engineReady,
        onClick: () => void submit(),
        cost: REWRITE_ITEM_COST * genNum,
      }}
    >
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
    </RewriteForm>
  );
}
