import { Button, Modal, Spin, Typography } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../identity/accounts/session.ts';
import { GOODS_KEY, goodsApi } from '../../goods/goodsApi.ts';
import { taskApi } from '../../tasks/taskApi.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { looksOwnFile } from './originImage.ts';
import type { UploadedImage } from './useImageUploader.ts';
import './tools.css';

const picked = (url: string, name: string): UploadedImage => ({ url, preview: url, name, width: 0, height: 0 });

/**
 * The product picture of idea reports and content posts (issue 30): uploaded, or picked from the
 * user's results (a cutout, a product background…) or product library pictures. Optional: without
 * it the pictures show the text alone. "Use this in…" on a result opens the content page with it.
 */
export function ProductPictureField({
  value,
  onChange,
  disabled,
}: {
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('tools');
  const [open, setOpen] = useState(false);
  return (
    <div className="product-picture-field" data-testid="product-picture">
      <ImageUpload
        value={value}
        onChange={onChange}
        disabled={disabled}
        label={t('productPicture')}
        testId="product-picture-upload"
      />
      <Typography.Text type="tertiary" size="small">
        {t('productPictureHint')}
      </Typography.Text>
      <div>
        <Button size="small" disabled={disabled} onClick={() => setOpen(true)} data-testid="product-picture-pick">
          {t('pickFromMine')}
        </Button>
      </div>
      <MinePicker
        open={open}
        onClose={() => setOpen(false)}
        onPick={(image) => {
          onChange(image);
          setOpen(false);
        }}
      />
    </div>
  );
}

/** The user's picture results and product library pictures; one is picked. */
function MinePicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (image: UploadedImage) => void }) {
  const { t } = useTranslation('tools');
  const { current } = useSession();
  const results = useQuery({
    queryKey: ['tasks', 'picture-results'],
    queryFn: () => taskApi.list({ status: 'completed', pageNum: 1, pageSize: 60 }),
    enabled: open,
  });
  const goods = useQuery({
    queryKey: [...GOODS_KEY, ''],
    queryFn: () => goodsApi.list(''),
    enabled: open && !!current?.vipUser,
  });
  const outputs = (results.data?.list ?? []).flatMap((task) =>
    task.outputs
      .filter((o) => o.type === 'image')
      .map((o, i) => picked(o.url, `${task.bizType.toLowerCase()}-${task.taskId.slice(0, 8)}-${i + 1}.png`)),
  );
  const library = (goods.data ?? []).flatMap((g) =>
    g.images.filter(looksOwnFile).map((url, i) => picked(url, `${g.name}-${i + 1}`)),
  );
  const grid = (items: UploadedImage[], testId: string) => (
    <div className="picture-picker-grid" data-testid={testId}>
      {items.map((item) => (
        <button type="button" key={item.url} className="picture-pick" onClick={() => onPick(item)} title={item.name}>
          <img src={item.url} alt={item.name} loading="lazy" />
        </button>
      ))}
    </div>
  );
  return (
    <Modal visible={open} title={t('pickFromMine')} onCancel={onClose} footer={null} width={720}>
      {results.isLoading && <Spin />}
      {results.error && <ErrorState error={results.error} onRetry={() => results.refetch()} />}
      <Typography.Text strong>{t('pickResults')}</Typography.Text>
      {results.data && outputs.length === 0 ? (
        <div>
          <Typography.Text type="tertiary">{t('pickNoResults')}</Typography.Text>
        </div>
      ) : (
        grid(outputs, 'pick-results')
      )}
      {library.length > 0 && (
        <>
          <Typography.Text strong>{t('pickLibrary')}</Typography.Text>
          {grid(library, 'pick-library')}
        </>
      )}
    </Modal>
  );
}
