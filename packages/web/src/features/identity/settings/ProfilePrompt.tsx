import { Button, Input, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import { MODAL_WIDTH, USER_NAME_MAX } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../app/shell/FormField.tsx';
import { useSession } from '../accounts/session.ts';
import { updateProfile, useSettingsMutation } from './useSettingsMutation.ts';
import './settings.css';

const DISMISSED_KEY = 'PROFILE_PROMPT_DISMISSED';

/**
 * After login, for referrers whose flags ask for it (profileCompletion), users without a company
 * name are asked for their name and company once per session; "later" stops asking until the next.
 */
export function ProfilePrompt() {
  const { t } = useTranslation(['settings', 'validation']);
  const { current } = useSession();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === current?.user.id);
  const [userName, setUserName] = useState('');
  const [companyName, setCompanyName] = useState('');
  const save = useSettingsMutation(updateProfile);
  if (!current || current.user.companyName || dismissed) return null;

  const later = () => {
    sessionStorage.setItem(DISMISSED_KEY, current.user.id);
    setDismissed(true);
  };
  const submit = () =>
    save.mutate(
      { userName: userName.trim() || undefined, companyName: companyName.trim() },
      { onSuccess: () => Toast.success(t('saved')), onError: (e) => Toast.error((e as Error).message || t('failed')) },
    );

  return (
    <Modal visible width={MODAL_WIDTH.default} title={t('promptTitle')} footer={null} onCancel={later} maskClosable={false}>
      <div className="settings-form" data-testid="profile-prompt">
        <Typography.Paragraph type="tertiary">{t('promptBody')}</Typography.Paragraph>
        <FormField label={t('userName')}>
          {(id) => (
            <Input
              id={id}
              value={userName}
              maxLength={USER_NAME_MAX}
              placeholder={current.user.userName}
              onChange={setUserName}
              data-testid="profile-prompt-name"
            />
          )}
        </FormField>
        <FormField label={t('companyName')} required>
          {(id) => (
            <Input
              id={id}
              value={companyName}
              maxLength={USER_NAME_MAX}
              onChange={setCompanyName}
              data-testid="profile-prompt-company"
            />
          )}
        </FormField>
        <div className="settings-actions">
          <Button onClick={later} data-testid="profile-prompt-later">
            {t('later')}
          </Button>
          <Button
            theme="solid"
            disabled={!companyName.trim()}
            loading={save.isPending}
            onClick={submit}
            data-testid="profile-prompt-save"
          >
            {t('save')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
