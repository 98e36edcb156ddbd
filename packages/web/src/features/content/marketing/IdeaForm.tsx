import { Button, Checkbox, CheckboxGroup, Input, Select, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import {
  DEFAULT_IDEA_STYLE,
  type HotspotSourceType,
  IDEA_REPORT_COST,
  type IdeaStyle,
  LOCATION_TYPES,
  type LocationType,
  type MktType,
  SOCIAL_TYPES,
  type SocialType,
} from '@productimage/core';
import { CURRENT_USER_KEY } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBusyAction } from '../../../shared/useAction.ts';
import { GoodsPicker } from '../../studio/goods/GoodsPicker.tsx';
import { useOriginImage } from '../../studio/tools/common/originImage.ts';
import { ProductPictureField } from '../../studio/tools/common/ProductPictureField.tsx';
import type { UploadedImage } from '../../studio/tools/common/useImageUploader.ts';
import { HotLibraryPicker } from '../hot-library/HotLibraryPicker.tsx';
import { KnowledgePicker } from '../knowledge/KnowledgePicker.tsx';
import { EngineNotice } from './EngineLabel.tsx';
import { IdeaStyleField, MktField, MktTypeField } from './MarketingFields.tsx';
import { marketingApi } from './marketingApi.ts';

export interface IdeaSource {
  hotspotSourceType: HotspotSourceType;
  /** What the report is about, shown to the user. */
  title: string;
  hotspotId?: string;
  calendarDay?: string;
  /** A saved item of the hot library (hot-library picker, or "make ideas" on an item). */
  hotLibraryId?: string;
}

export const useTextEngine = () =>
  useQuery({ queryKey: ['marketing', 'engine'], queryFn: marketingApi.engine, staleTime: 60_000 });

/**
 * The idea-report form (spec 001 §3 hotspot report params): product info (typed, or filled from the
 * product library), marketing type, market description, style (default 整活幽默), creative types
 * and knowledge datasets to draw on; the cost follows the active engine. A custom idea (source null)
 * asks for its topic, or takes one from the hot library. `productInfo` fills the product field
 * (recommendations and hotspot marketing pass the product they matched).
 */
export function IdeaForm({ source: given, productInfo }: { source: IdeaSource | null; productInfo?: string }) {
  const { t } = useTranslation(['marketing', 'common', 'errors']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const engine = useTextEngine();
  const [topic, setTopic] = useState('');
  const [prompt, setPrompt] = useState(productInfo ?? '');
  const [mktType, setMktType] = useState<MktType>('product');
  const [marketDesc, setMarketDesc] = useState('');
  // The place the ideas are about (spec 001 §3 location types: country, city, spots).
  const [locationType, setLocationType] = useState<LocationType | ''>('');
  const [locationName, setLocationName] = useState('');
  const [ideaStyle, setIdeaStyle] = useState<IdeaStyle>(DEFAULT_IDEA_STYLE);
  const [socialType, setSocialType] = useState<SocialType[]>(['image']);
  const [datasetIds, setDatasetIds] = useState<string[]>([]);
  const [picked, setPicked] = useState<IdeaSource | null>(null);
  // The product picture the idea pictures show cut out (a result handed over with "use this in…" too).
  const [productImage, setProductImage] = useState<UploadedImage | null>(useOriginImage());
  const source = given ?? picked;
  const { busy, run } = useBusyAction();
  const offline = engine.data?.engine === 'offline-writer';
  const cost = offline ? 0 : socialType.reduce((sum, s) => sum + IDEA_REPORT_COST[s], 0);

  const submit = async () => {
    if (!source && !topic.trim()) {
      Toast.warning(t('form.customTopic'));
      return;
    }
    await run(async () => {
      const { reportId } = await marketingApi.createReport({
        prompt,
        mktType,
        marketDesc,
        ideaStyle,
        socialType,
        hotspotSourceType: source?.hotspotSourceType ?? 'CUSTOM_INSPIRATION',
        hotspotId: source?.hotspotId,
        calendarDay: source?.calendarDay,
        hotLibraryId: source?.hotLibraryId,
        datasetIds: datasetIds.length ? datasetIds : undefined,
        reportTitle: source ? undefined : topic.trim(),
        productImage: productImage?.url,
        location: locationType && locationName.trim() ? { type: locationType, name: locationName.trim() } : undefined,
      });
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      navigate(`/mott-idea?reportId=${encodeURIComponent(reportId)}`);
    });
  };

  return (
    <div className="mkt-form" data-testid="idea-form">
      {source ? (
        <Typography.Text strong data-testid="idea-source">
          {t('form.selected', { title: source.title })}
        </Typography.Text>
      ) : null}
      {given ? null : (
        <MktField label={t('form.customTopic')}>
          {picked ? null : (
            <Input
              value={topic}
              onChange={setTopic}
              maxLength={200}
              placeholder={t('form.customTopicPlaceholder')}
              data-testid="idea-topic"
            />
          )}
          <HotLibraryPicker
            onPick={(item) => setPicked({ hotspotSourceType: 'PERSONAL', title: item.title, hotLibraryId: item.itemId })}
          />
        </MktField>
      )}
      <MktField label={t('form.prompt')}>
        <TextArea
          value={prompt}
          onChange={setPrompt}
          maxCount={2000}
          rows={3}
          placeholder={t('form.promptPlaceholder')}
          data-testid="idea-prompt"
        />
        <GoodsPicker onPick={setPrompt} />
        <KnowledgePicker value={datasetIds} onChange={setDatasetIds} />
        <ProductPictureField value={productImage} onChange={setProductImage} />
      </MktField>
      <MktTypeField value={mktType} onChange={setMktType} />
      <MktField label={t('form.marketDesc')}>
        <TextArea
          value={marketDesc}
          onChange={setMarketDesc}
          maxCount={1000}
          rows={2}
          placeholder={t('form.marketDescPlaceholder')}
          data-testid="idea-market"
        />
      </MktField>
      <MktField label={t('form.location')}>
        <Select
          value={locationType}
          onChange={(v) => setLocationType(v as LocationType | '')}
          style={{ width: 140 }}
          optionList={[
            { value: '', label: t('form.locationNone') },
            ...LOCATION_TYPES.map((type) => ({ value: type, label: t(`form.locationTypes.${type}`) })),
          ]}
          data-testid="idea-location-type"
        />
        {locationType ? (
          <Input
            value={locationName}
            onChange={setLocationName}
            maxLength={40}
            placeholder={t('form.locationPlaceholder')}
            data-testid="idea-location-name"
          />
        ) : null}
      </MktField>
      <IdeaStyleField value={ideaStyle} onChange={setIdeaStyle} />
      <MktField label={t('form.socialType')}>
        <CheckboxGroup
          value={socialType}
          onChange={(v) => setSocialType((v as SocialType[]).length ? (v as SocialType[]) : socialType)}
          direction="horizontal"
        >
          {SOCIAL_TYPES.map((s) => (
            <Checkbox key={s} value={s} data-testid={`social-${s}`}>
              {t(`form.socialTypes.${s}`)}
            </Checkbox>
          ))}
        </CheckboxGroup>
      </MktField>
      <EngineNotice engine={engine.data?.engine} reason={engine.data?.offlineReason} />
      <Typography.Text type="tertiary" size="small">
        {offline ? t('form.costFree') : t('form.costImage')}
      </Typography.Text>
      <Button theme="solid" loading={busy} onClick={submit} data-testid="idea-submit">
        {t('form.submit')}
        {cost ? ` (${cost})` : ''}
      </Button>
    </div>
  );
}
