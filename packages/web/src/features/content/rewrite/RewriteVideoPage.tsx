import { IconUpload } from '@douyinfe/semi-icons';
import { Button, Spin, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import { REWRITE_GEN_NUM, REWRITE_INPUT_MAX, REWRITE_ITEM_COST, REWRITE_VIDEO } from '@productimage/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from '../../../shared/useAction.ts';
import { RewriteForm, useRewriteFields } from './RewriteFields.tsx';
import { type RewriteFormProps, RewriteWorkspace, ShotStrip, useSubmit } from './RewriteWorkspace.tsx';
import { type RewriteVideo, rewriteApi } from './rewriteApi.ts';

/**
 * /rewrite-video (HOT_VIDEO_REWRITE): a popular video's rhythm (duration and shots read with ffmpeg,
 * keyframes shown) turned into shot-by-shot scripts for the user's product, 10 points per script.
 */
export default function RewriteVideoPage() {
  return <RewriteWorkspace kind="video" bizType="HOT_VIDEO_REWRITE" routeId="rewriteVideo" tipKey="videoTip" Form={VideoForm} />;
}

function VideoForm({ onSubmitted, engineReady }: RewriteFormProps) {
  const { t } = useTranslation(['rewrite', 'errors']);
  const { busy, run } = useSubmit();
  const fields = useRewriteFields({ genNum: REWRITE_GEN_NUM.video });
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [video, setVideo] = useState<RewriteVideo | null>(null);
  const { busy: uploading, run: upload } = useBusyAction();
  const [transcript, setTranscript] = useState('');
  const { res, productInfo, marketDesc, genNum } = fields.values;

  const take = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > REWRITE_VIDEO.maxBytes) {
      Toast.error(t('errors:uploadTooLarge', { max: `${REWRITE_VIDEO.maxBytes / 1024 / 1024}MB` }));
      return;
    }
    await upload(async () => setVideo(await rewriteApi.uploadVideo(file, file.name)));
    if (input.current) input.current.value = '';
  };
  const submit = () =>
    run(
      () => rewriteApi.submitVideo({ video: video?.video ?? '', transcript, res, productInfo, marketDesc, genNum }),
      onSubmitted,
    );
  return (
    <RewriteForm
      fields={fields}
      productRequired
      resources
      note={t('perScriptCost', { count: REWRITE_ITEM_COST })}
      submit={{
        busy,
        disabled: !video || !productInfo.trim() || !engineReady,
        onClick: () => void submit(),
        cost: REWRITE_ITEM_COST * genNum,
      }}
    >
      <div className="rewrite-video-pick">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={REWRITE_VIDEO.mimeTypes.join(',')}
          className="rewrite-file-input"
          onChange={(e) => void take(e.target.files?.[0])}
          data-testid="rewrite-video-input"
        />
        <Button icon={<IconUpload />} loading={uploading} onClick={() => input.current?.click()}>
          {video ? t('videoReplace') : t('videoPick')}
        </Button>
        <Typography.Text type="tertiary" size="small">
          {t('videoRules', { max: REWRITE_VIDEO.maxBytes / 1024 / 1024, seconds: REWRITE_VIDEO.maxSeconds })}
        </Typography.Text>
      </div>
      {uploading && (
        <div>
          <Spin /> <Typography.Text type="tertiary">{t('videoReading')}</Typography.Text>
        </div>
      )}
      {video && <ShotStrip shots={video.shots} durationSeconds={video.durationSeconds} testId="rewrite-video-shots" />}
      <TextArea
        value={transcript}
        onChange={setTranscript}
        maxLength={REWRITE_INPUT_MAX.article}
        rows={3}
        placeholder={t('transcriptPlaceholder')}
        aria-label={t('transcript')}
        data-testid="rewrite-transcript"
      />
    </RewriteForm>
  );
}
