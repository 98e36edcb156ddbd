import { Input, Modal, TagInput, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { errorText } from '@productimage/kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [form, setForm] = useState<PersonaInput>({
    name: persona?.name ?? '',
    tone: persona?.tone ?? '',
    audience: persona?.audience ?? '',
    tabooWords: persona?.tabooWords ?? [],
    intro: persona?.intro ?? '',
  });
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PersonaInput>(key: K, value: PersonaInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = async () => {
    setBusy(true);
    try {
      let id = persona?.personaId ?? '';
      if (persona) await kosApi.updatePersona(persona.personaId, form);
      else id = (await kosApi.createPersona(form)).personaId;
      Toast.success(t('saved'));
      onSaved(id, form.name);
      onClose();
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={persona ? t('personality.editTitle') : t('personality.add')}
      visible
      onCancel={onClose}
      onOk={save}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !form.name.trim(), loading: busy, 'data-testid': 'persona-save' } as object}
    >
      <div className="kos-form">
        <div className="kos-field">
          {t('personality.name')}
          <Input value={form.name} onChange={(v) => set('name', v)} maxLength={40} data-testid="persona-name" />
        </div>
        <div className="kos-field">
          {t('personality.tone')}
          <TextArea
            value={form.tone}
            onChange={(v) => set('tone', v)}
            maxLength={500}
            rows={2}
            placeholder={t('personality.tonePlaceholder')}
            data-testid="persona-tone"
          />
        </div>
        <div className="kos-field">
          {t('personality.audience')}
          <TextArea
            value={form.audience}
            onChange={(v) => set('audience', v)}
            maxLength={500}
            rows={2}
            placeholder={t('personality.audiencePlaceholder')}
          />
        </div>
        <div className="kos-field">
          {t('personality.tabooWords')}
          <TagInput
            value={form.tabooWords}
            onChange={(v) => set('tabooWords', v as string[])}
            placeholder={t('personality.tabooPlaceholder')}
            maxLength={100}
            addOnBlur
            separator={[',', '，', ' ']}
            data-testid="persona-taboo"
          />
        </div>
        <div className="kos-field">
          {t('personality.about')}
          <TextArea value={form.intro} onChange={(v) => set('intro', v)} maxLength={1000} rows={3} />
        </div>
      </div>
    </Modal>
  );
}
