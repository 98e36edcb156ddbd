import { Button, Empty, Radio, RadioGroup, Spin } from '@douyinfe/semi-ui-19';
import { HOTSPOT_PLATFORMS, type HotspotPlatform } from '@productimage/core';
import { errorText } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { marketingApi } from '../marketing/marketingApi.ts';

/** The hot-word list of a platform (the same words as the hot list's word tab), each usable as a topic. */
export function HotWordPicker({ onPick }: { onPick(word: string): void }) {
  const { t } = useTranslation(['hotWorkbench', 'common']);
  const [platform, setPlatform] = useState<HotspotPlatform>('douyin');
  const words = useQuery({
    queryKey: ['marketing', 'words', platform],
    queryFn: () => marketingApi.words(platform),
    retry: false,
  });
  const list = words.data?.list ?? [];
  return (
    <div className="wb-words" data-testid="wb-words">
      <RadioGroup type="button" value={platform} onChange={(e) => setPlatform(e.target.value as HotspotPlatform)}>
        {HOTSPOT_PLATFORMS.map((p) => (
          <Radio key={p} value={p} data-testid={`wb-words-${p}`}>
            {t(`platform_${p}`)}
          </Radio>
        ))}
      </RadioGroup>
      {words.isLoading ? (
        <Spin />
      ) : words.isError || (words.data?.feedError && !list.length) ? (
        <Empty description={words.data?.feedError ?? errorText(words.error, t)} />
      ) : list.length === 0 ? (
        <Empty description={t('sourceEmpty')} />
      ) : (
        <div className="wb-word-chips">
          {list.slice(0, 40).map((w) => (
            <Button key={w.word} size="small" onClick={() => onPick(w.word)} data-testid="wb-word">
              {w.word} · {w.count}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
