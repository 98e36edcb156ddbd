import { Input, RadioGroup, Select, TextArea } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/FormModal.tsx';
import { knowledgeApi, type TrainingType } from './knowledgeApi.ts';

type Source = 'file' | 'link' | 'virtual';

/** Adds a file, a web link or typed text to a dataset; the server reads it at once and says what is wrong. */
export function AddDataModal({
  datasetId,
  visible,
  onClose,
  onAdded,
}: {
  datasetId: string;
  visible: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation(['knowledge', 'common']);
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [trainingType, setTrainingType] = useState<TrainingType>('auto');
  const ready = source === 'file' ? !!file : source === 'link' ? !!url.trim() : !!name.trim() && !!text.trim();

  // On a refusal the dialog stays open with what was entered, so nothing is lost.
  const submit = async () => {
    if (source === 'file' && file) await knowledgeApi.addFile(datasetId, file, trainingType);
    else if (source === 'link') await knowledgeApi.addLink(datasetId, url.trim(), trainingType);
    else await knowledgeApi.addText(datasetId, name.trim(), text, trainingType);
    setFile(null);
    setUrl('');
    setName('');
    setText('');
  };

  return (
    <FormModal
      title={t('addData')}
      visible={visible}
      onClose={onClose}
      onSubmit={submit}
      onSaved={onAdded}
      successText={t('added')}
      canSubmit={ready}
      okTestId="add-data-submit"
    >
      <RadioGroup
        type="button"
        value={source}
        onChange={(e) => setSource(e.target.value as Source)}
        options={[
          { value: 'file', label: t('sourceFile') },
          { value: 'link', label: t('sourceLink') },
          { value: 'virtual', label: t('sourceVirtual') },
        ]}
      />
      {source === 'file' && (
        <label>
          <input
            type="file"
            accept=".pdf,.docx,.txt,.md,.markdown,.csv,.xlsx"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="data-file"
            aria-label={t('chooseFile')}
          />
          <div>
            <small>{t('fileHint')}</small>
          </div>
        </label>
      )}
      {source === 'link' && <Input value={url} onChange={setUrl} placeholder={t('linkPlaceholder')} data-testid="data-link" />}
      {source === 'virtual' && (
        <>
          <Input value={name} onChange={setName} placeholder={t('textName')} maxLength={200} data-testid="data-text-name" />
          <TextArea value={text} onChange={setText} placeholder={t('textPlaceholder')} rows={8} data-testid="data-text" />
        </>
      )}
      <Select
        value={trainingType}
        onChange={(v) => setTrainingType(v as TrainingType)}
        aria-label={t('trainingType')}
        optionList={(['auto', 'chunk', 'qa'] as const).map((v) => ({ value: v, label: t(`training_${v}`) }))}
      />
      {trainingType === 'qa' && <small>{t('qaHint')}</small>}
    </FormModal>
  );
}
