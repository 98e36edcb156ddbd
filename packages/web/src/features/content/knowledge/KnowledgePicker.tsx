import { Select } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useDatasets } from './knowledgeApi.ts';

/** Picks datasets for content generation and idea reports (their chunks become the result's sources). */
export function KnowledgePicker({ value, onChange }: { value: string[]; onChange: (datasetIds: string[]) => void }) {
  const { t } = useTranslation('knowledge');
  const datasets = useDatasets();
  return (
    <Select
      multiple
      maxTagCount={3}
      value={value}
      onChange={(v) => onChange((v as string[]) ?? [])}
      placeholder={t('pickerPlaceholder')}
      aria-label={t('pickerLabel')}
      loading={datasets.isLoading}
      style={{ width: '100%' }}
      data-testid="knowledge-picker"
      optionList={(datasets.data ?? []).map((d) => ({ value: d.datasetId, label: d.name }))}
    />
  );
}
