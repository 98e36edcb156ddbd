import { Button, Input, Modal, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../tasks/taskErrors.ts';
import { MODELS_KEY, modelLibraryApi } from './modelLibraryApi.ts';

/**
 * "Save to my models" on a custom-model result: the picture becomes one of the user's own models
 * (private to them), ready for every model tool.
 */
export function SaveAsModel({ pictureUrl }: { pictureUrl: string }) {
  const { t } = useTranslation(['modelLibrary', 'errors', 'common']);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () =>
      modelLibraryApi.create({ name: name.trim(), look: '', tags: [], licence: '', picture: pictureUrl, scope: 'own' }),
    onSuccess: () => {
      Toast.success(t('saved'));
      setOpen(false);
      setName('');
      void client.invalidateQueries({ queryKey: MODELS_KEY });
    },
    onError: (error) => Toast.error(describeError(error, t).message),
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="save-as-model">
        {t('saveResult')}
      </Button>
      <Modal
        visible={open}
        title={t('saveResult')}
        onCancel={() => setOpen(false)}
        onOk={() => save.mutate()}
        okText={t('save')}
        okButtonProps={{ disabled: !name.trim(), loading: save.isPending }}
      >
        <Typography.Text type="tertiary" size="small">
          {t('addOwnHelp')}
        </Typography.Text>
        <Input value={name} onChange={setName} placeholder={t('name')} maxLength={40} data-testid="save-as-model-name" />
      </Modal>
    </>
  );
}
