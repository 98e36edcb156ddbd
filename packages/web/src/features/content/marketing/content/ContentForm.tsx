import { Button, Checkbox, CheckboxGroup, Input, Radio, RadioGroup, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import {
  CONTENT_COST_PER_PLATFORM,
  DEFAULT_IDEA_STYLE,
  type IdeaStyle,
  MAX_CONTENT_ITEMS,
  type MktType,
  PLATFORMS,
  type Platform,
  SOCIAL_MEDIA_TYPES,
  type SocialMediaType,
  STORAGE_KEYS,
  VIDEO_PLATFORMS,
} from '@productimage/core';
import { CURRENT_USER_KEY } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBusyAction } from '../../../../shared/useAction.ts';
import { GoodsPicker } from '../../../studio/goods/GoodsPicker.tsx';
import { useOriginImage } from '../../../studio/tools/common/originImage.ts';
import { ProductPictureField } from '../../../studio/tools/common/ProductPictureField.tsx';
import type { UploadedImage } from '../../../studio/tools/common/useImageUploader.ts';
import { KnowledgePicker } from '../../knowledge/KnowledgePicker.tsx';
import { EngineNotice } from '../EngineLabel.tsx';
import { useTextEngine } from '../IdeaForm.tsx';
import { IdeaStyleField, MktField, MktTypeField } from '../MarketingFields.tsx';
import { marketingApi } from '../marketingApi.ts';
import { CONTENTS_KEY } from './useContents.ts';

/**
 * The content form: platforms, post type, idea, product (text, goods, knowledge, picture), market and
 * style; from an idea (`?reportId=&ideaId=`) it starts filled. `total`: the user's content tasks, capped.
 */
export function ContentForm({ total }: { total: number }) {
  const { t } = useTranslation(['marketing', 'common', 'errors']);
  const [params] = useSearchParams();
  const reportId = params.get('reportId') ?? undefined;
  const ideaId = Number(params.get('ideaId'));
  const client = useQueryClient();
  const engine = useTextEngine();
  const report = useQuery({
    queryKey: ['marketing', 'report', reportId],
    queryFn: () => marketingApi.report(reportId as string),
    enabled: !!reportId,
  });
  const [platforms, setPlatforms] = useState<Platform[]>(['xiaohongshu', 'douyin']);
  const [mediaType, setMediaType] = useState<SocialMediaType>('imageText');
  const [productInfo, setProductInfo] = useState('');
  const [marketDesc, setMarketDesc] = useState('');
  const [mktType, setMktType] = useState<MktType>('product');
  const [ideaStyle, setIdeaStyle] = useState<IdeaStyle>(DEFAULT_IDEA_STYLE);
  const [ideaTitle, setIdeaTitle] = useState('');
  const [ideaContent, setIdeaContent] = useState('');
  const [datasetIds, setDatasetIds] = useState<string[]>([]);
  // The product picture each post's picture shows cut out (a result handed over with "use this in…" too).
  const [productImage, setProductImage] = useState<UploadedImage | null>(useOriginImage());
  const { busy, run } = useBusyAction();

  // From an idea: its text and the report's product information fill the form once.
  useEffect(() => {
    const r = report.data;
    if (!r) return;
    const idea = r.ideas.find((i) => i.genDataItemId === ideaId);
    if (idea) {
      setIdeaTitle(idea.title);
      setIdeaContent(idea.content);
    }
    setProductInfo((v) => v || r.reportParams.prompt);
    setMarketDesc((v) => v || r.reportParams.marketDesc);
    setMktType(r.reportParams.mktType);
    setIdeaStyle(r.reportParams.ideaStyle);
  }, [report.data, ideaId]);

  const offline = engine.data?.engine === 'offline-writer';
  const generate = async () => {
    if (total >= MAX_CONTENT_ITEMS) {
      Toast.warning(t('content.limit'));
      return;
    }
    if (!productInfo.trim()) {
      Toast.warning(t('productInfoRequired'));
      return;
    }
    await run(async () => {
      await marketingApi.createContent({
        platforms,
        socialMediaType: mediaType,
        ideaStyle,
        mktType,
        marketDesc,
        productInfo,
        idea: ideaTitle.trim() ? { title: ideaTitle.trim(), content: ideaContent.trim() } : undefined,
        reportId,
        datasetIds: datasetIds.length ? datasetIds : undefined,
        personaId: localStorage.getItem(STORAGE_KEYS.persona) || undefined,
        productImage: mediaType === 'text' ? undefined : productImage?.url,
      });
      await client.invalidateQueries({ queryKey: CONTENTS_KEY });
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    });
  };

  return (
    <div className="mkt-form">
      <Typography.Title heading={4}>{t('content.title')}</Typography.Title>
      <div className="mkt-field">
        <CheckboxGroup
          direction="horizontal"
          value={platforms}
          onChange={(v) => setPlatforms((v as Platform[]).length ? (v as Platform[]) : platforms)}
        >
          {PLATFORMS.map((p) => (
            <Checkbox
              key={p}
              value={p}
              disabled={mediaType === 'video' && !VIDEO_PLATFORMS.includes(p)}
              data-testid={`content-platform-${p}`}
            >
              {t(`content.platforms.${p}`)}
            </Checkbox>
          ))}
        </CheckboxGroup>
      </div>
      {mediaType === 'video' ? (
        <Typography.Text type="tertiary" size="small" data-testid="content-video-note">
          {t('content.videoDouyinOnly')}
        </Typography.Text>
      ) : null}
      <RadioGroup
        type="button"
        value={mediaType}
        onChange={(e) => {
          const next = e.target.value as SocialMediaType;
          setMediaType(next);
          // Spec 001 §9: video posts are for douyin only.
          if (next === 'video') setPlatforms([...VIDEO_PLATFORMS]);
        }}
      >
        {SOCIAL_MEDIA_TYPES.map((m) => (
          <Radio key={m} value={m}>
            {t(`content.mediaTypes.${m}`)}
          </Radio>
        ))}
      </RadioGroup>
      <MktField label={t('content.ideaTitle')}>
        <Input value={ideaTitle} onChange={setIdeaTitle} maxLength={200} data-testid="content-idea-title" />
      </MktField>
      <MktField label={t('content.ideaContent')}>
        <TextArea value={ideaContent} onChange={setIdeaContent} rows={3} maxCount={4000} data-testid="content-idea-content" />
      </MktField>
      <MktField label={t('content.productInfo')}>
        <TextArea value={productInfo} onChange={setProductInfo} rows={3} maxCount={2000} data-testid="content-product" />
        <GoodsPicker onPick={setProductInfo} />
        <KnowledgePicker value={datasetIds} onChange={setDatasetIds} />
        {mediaType !== 'text' && <ProductPictureField value={productImage} onChange={setProductImage} />}
      </MktField>
      <MktField label={t('form.marketDesc')}>
        <TextArea value={marketDesc} onChange={setMarketDesc} rows={2} maxCount={1000} />
      </MktField>
      <MktTypeField value={mktType} onChange={setMktType} />
      <IdeaStyleField value={ideaStyle} onChange={setIdeaStyle} />
      <EngineNotice engine={engine.data?.engine} reason={engine.data?.offlineReason} />
      <Typography.Text type="tertiary" size="small">
        {offline ? t('form.costFree') : t('content.costPerPlatform', { cost: CONTENT_COST_PER_PLATFORM })}
      </Typography.Text>
      <Button theme="solid" loading={busy} onClick={generate} data-testid="content-generate">
        {t('content.generate')}
        {offline ? '' : ` (${platforms.length * CONTENT_COST_PER_PLATFORM})`}
      </Button>
    </div>
  );
}
