import { Select } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HotItem, hotLibraryApi } from './hotLibraryApi.ts';

/**
 * Picks a saved item of the user's hot library (hot items and imported notes) as the source of an
 * idea report or a rewrite: the newest 50, searched on the server as the user types.
 */
export function HotLibraryPicker({
  onPick,
  testId = 'hot-library-picker',
}: {
  onPick: (item: HotItem) => void;
  testId?: string;
}) {
  const { t } = useTranslation('hotLibrary');
  const [search, setSearch] = useState('');
  const items = useQuery({
    queryKey: ['hot-library', 'picker', search],
    queryFn: () => hotLibraryApi.list(search, 1, 50),
  });
  const list = items.data?.list ?? [];
  return (
    <Select
      filter
      remote
      onSearch={(v: string) => setSearch(v.trim())}
      placeholder={t('pickerPlaceholder')}
      aria-label={t('pickerLabel')}
      emptyContent={t('pickerEmpty')}
      loading={items.isLoading}
      style={{ width: '100%' }}
      data-testid={testId}
      optionList={list.map((i) => ({ value: i.itemId, label: i.title }))}
      onChange={(id) => {
        const item = list.find((i) => i.itemId === id);
        if (item) onPick(item);
      }}
    />
  );
}
