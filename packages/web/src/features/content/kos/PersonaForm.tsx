import { Input, TagInput, TextArea } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Field, FormModal, useFormFields } from '../../../shared/FormModal.tsx';
import { type KosPersona, kosApi, type PersonaInput } from './kosApi.ts';

/** Creates or edits a persona: name, tone, audience, taboo words, who it is. */
export function PersonaForm({
  persona,
  onClose,
  onSaved,
}: {
  persona: KosPersona | null;
  onClose: () => void;
  onSaved: (personaId: string, name: string) => void;
}) {
  const { t } = useTranslation(['kos', 'common']);
  const [form, set, bind] = useFormFields<PersonaInput>({
    name: persona?.name ?? '',
    tone: persona?.tone ?? '',
    audience: persona?.audience ?? '',
    tabooWords: persona?.tabooWords ?? [],
    intro: persona?.intro ?? '',
  });
  const save = async () => {
    if (!persona) return (await kosApi.createPersona(form)).personaId;
    await kosApi.updatePersona(persona.personaId, form);
    return persona.personaId;
  };
  return (
    <FormModal
      title={persona ? t('personality.editTitle') : t('personality.add')}
      onClose={onClose}
      onSubmit={save}
      onSaved={(id) => onSaved(id, form.name)}
      successText={t('saved')}
      okText={t('save')}
      cancelText={t('cancel')}
      canSubmit={!!form.name.trim()}
      okTestId="persona-save"
    >
      <Field label={t('personality.name')}>
        <Input {...bind('name')} maxLength={40} data-testid="persona-name" />
      </Field>
      <Field label={t('personality.tone')}>
        <TextArea
          {...bind('tone')}
          maxLength={500}
          rows={2}
          placeholder={t('personality.tonePlaceholder')}
          data-testid="persona-tone"
        />
      </Field>
      <Field label={t('personality.audience')}>
        <TextArea {...bind('audience')} maxLength={500} rows={2} placeholder={t('personality.audiencePlaceholder')} />
      </Field>
      <Field label={t('personality.tabooWords')}>
        <TagInput
          value={form.tabooWords}
          onChange={(v) => set('tabooWords', v as string[])}
          placeholder={t('personality.tabooPlaceholder')}
          maxLength={100}
          addOnBlur
          separator={[',', '，', ' ']}
          data-testid="persona-taboo"
        />
      </Field>
      <Field label={t('personality.about')}>
        <TextArea {...bind('intro')} maxLength={1000} rows={3} />
      </Field>
    </FormModal>
  );
}
