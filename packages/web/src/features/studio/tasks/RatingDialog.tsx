import { Button, Modal, Rating, Tag, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import { RATING_COMMENT_MAX, RATING_REASONS } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskApi } from './taskApi.ts';
import { describeError } from './taskErrors.ts';

/** Scores at or under this ask what went wrong. */
const LOW_SCORE = 3;

interface Props {
  taskId: string;
  /** Score the user already gave, if any (rating again replaces it). */
  initialScore?: number;
  onRated?: (score: number) => void;
}

/**
 * The rating under a result: clicking a star opens the dialog with the reasons (score and reasons,
 * spec 001 §2/§3). Low scores ask what went wrong; any score may add a comment.
 */
export function RatingPrompt({ taskId, initialScore, onRated }: Props) {
  const { t } = useTranslation(['tasks', 'common']);
  const [open, setOpen] = useState(false);
  const [score, setScore] = useState(initialScore ?? 0);
  const [saved, setSaved] = useState(initialScore ?? 0);
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);

  const lowScore = score > 0 && score <= LOW_SCORE;

  const submit = async () => {
    setSending(true);
    try {
      await taskApi.rate(taskId, { score, reasons: lowScore ? reasons : [], comment: comment.trim() || undefined });
      setSaved(score);
      setOpen(false);
      onRated?.(score);
      Toast.success(t('common:submitted'));
    } catch (error) {
      Toast.error(describeError(error, t).message);
    } finally {
      setSending(false);
    }
  };

  const toggle = (reason: string) =>
    setReasons((list) => (list.includes(reason) ? list.filter((r) => r !== reason) : [...list, reason]));

  return (
    <div className="rating-prompt" data-testid="rating-prompt">
      <Typography.Text type="secondary">{saved ? t('ratedThanks') : t('rateQuestion')}</Typography.Text>
      <Rating
        size="small"
        value={saved}
        onChange={(value) => {
          setScore(value);
          setOpen(true);
        }}
        data-testid="rating-stars"
      />
      <Modal
        visible={open}
        title={t('rateTitle')}
        onCancel={() => setOpen(false)}
        footer={
          <Button theme="solid" loading={sending} disabled={!score} onClick={submit} data-testid="rating-submit">
            {t('common:submit')}
          </Button>
        }
      >
        <div className="rating-dialog" data-testid="rating-dialog">
          <Rating value={score} onChange={setScore} />
          {lowScore && <Typography.Text strong>{t('rateWhatWrong')}</Typography.Text>}
          <div className="rating-reasons" hidden={!lowScore}>
            {RATING_REASONS.map((reason) => (
              <Tag
                key={reason}
                size="large"
                color={reasons.includes(reason) ? 'blue' : 'grey'}
                type={reasons.includes(reason) ? 'solid' : 'light'}
                onClick={() => toggle(reason)}
                style={{ cursor: 'pointer' }}
                data-testid={`rating-reason-${reason}`}
              >
                {t(`reason_${reason}`)}
              </Tag>
            ))}
          </div>
          <TextArea
            value={comment}
            onChange={setComment}
            maxCount={RATING_COMMENT_MAX}
            maxLength={RATING_COMMENT_MAX}
            placeholder={t('rateComment')}
            rows={3}
          />
        </div>
      </Modal>
    </div>
  );
}
