import { IconPlus, IconUpload } from '@douyinfe/semi-icons';
import { Button, Toast, Upload } from '@douyinfe/semi-ui-19';
import type { customRequestArgs, FileItem } from '@douyinfe/semi-ui-19/lib/es/upload/index.js';
import { TASK_UPLOAD } from '@productimage/core';
import { errorText } from '@productimage/kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskApi } from '../tasks/taskApi.ts';
import type { Picture } from './recipes.ts';

/** A chosen picture of the batch with the id its thumbnail goes by. */
export interface ListedPicture extends Picture {
  uid: string;
}

let seq = 0;
/** An id for a picture chosen from results or the library (uploads keep Semi's own). */
export const pictureUid = () => `picture-${++seq}`;

const ACCEPT = TASK_UPLOAD.mimeTypes.join(',');

/**
 * Uploads one after the other through the API client (the server checks each like a task input),
 * each file's bytes reported to Semi's list as they go up; a refused file says why.
 */
function useUploadQueue(onUploaded: (picture: ListedPicture) => void) {
  const { t } = useTranslation(['batches', 'errors']);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [waiting, setWaiting] = useState(0);
  const request = ({ file, fileInstance, onProgress, onSuccess, onError }: customRequestArgs) => {
    setWaiting((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        const url = await taskApi.upload(fileInstance, fileInstance.name, (loaded, total) =>
          onProgress({ loaded, total: total || fileInstance.size }),
        );
        onSuccess({ url });
        onUploaded({ uid: file.uid, name: fileInstance.name, url });
      } catch (error) {
        onError({ status: 0 });
        Toast.error(t('uploadFailed', { name: fileInstance.name, message: errorText(error, t) }));
      } finally {
        setWaiting((n) => n - 1);
      }
    });
  };
  return { request, waiting };
}

/**
 * The batch's pictures (issue 41: the browser's own file control and no thumbnails before): Semi's
 * picture list holds every chosen picture (uploaded, or taken from results or the library) as a
 * thumbnail that can be removed; dropped or picked files join it with their upload's progress.
 */
export function PictureUpload(props: {
  pictures: ListedPicture[];
  max: number;
  disabled?: boolean;
  onAdd: (picture: ListedPicture) => void;
  onRemove: (uid: string) => void;
  /** Uploads still running (the batch cannot start meanwhile). */
  onWaiting?: (count: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('batches');
  const [pending, setPending] = useState<FileItem[]>([]);
  const chosen = new Set(props.pictures.map((p) => p.uid));
  const { request, waiting } = useUploadQueue((picture) => {
    setPending((list) => list.filter((f) => f.uid !== picture.uid));
    props.onAdd(picture);
  });
  const { onWaiting } = props;
  useEffect(() => onWaiting?.(waiting), [waiting, onWaiting]);
  const fileList: FileItem[] = [
    ...props.pictures.map(
      (p): FileItem => ({ uid: p.uid, name: p.name, url: p.url, status: 'success', size: '', preview: true }),
    ),
    ...pending,
  ];
  return (
    <Upload
      action=""
      accept={ACCEPT}
      multiple
      draggable
      listType="picture"
      limit={props.max}
      disabled={props.disabled}
      fileList={fileList}
      // Semi reports the new files and each one's progress and end; the chosen ones are the pictures above.
      onChange={({ fileList: next }) => setPending(next.filter((f) => !chosen.has(f.uid)))}
      onRemove={(_file, _list, item) => {
        if (chosen.has(item.uid)) props.onRemove(item.uid);
      }}
      onExceed={() => Toast.warning(t('tooMany', { max: props.max }))}
      customRequest={request}
      prompt={<span className="batch-meta">{`${t('drop')} · ${t('dropHint')}`}</span>}
      promptPosition="bottom"
      data-testid={props.testId}
    >
      <span className="batch-add">
        <IconPlus size="extra-large" />
        <span>{waiting ? t('uploading', { count: waiting }) : t('add')}</span>
      </span>
    </Upload>
  );
}

/** A second picture's upload button (the reference, the person, more pictures of a subject). */
export function SlotUpload(props: { multiple: boolean; onAdd: (picture: ListedPicture) => void; testId: string }) {
  const { t } = useTranslation('batches');
  const { request, waiting } = useUploadQueue(props.onAdd);
  return (
    <Upload
      action=""
      accept={ACCEPT}
      multiple={props.multiple}
      showUploadList={false}
      customRequest={request}
      data-testid={props.testId}
    >
      <Button size="small" icon={<IconUpload />} loading={waiting > 0}>
        {t('upload')}
      </Button>
    </Upload>
  );
}
