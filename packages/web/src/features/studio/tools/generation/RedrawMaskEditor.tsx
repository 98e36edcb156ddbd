import { IconUndo } from '@douyinfe/semi-icons';
import { Button, Modal, Slider, Toast, Typography } from '@douyinfe/semi-ui-19';
import { UNDO_HISTORY_LIMIT } from '@productimage/core';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobile } from '../../../../app/layout.ts';
import { redrawMaskPixels } from './redrawMask.ts';

interface Props {
  open: boolean;
  /** The picture to paint over (the tool's first input). */
  imageUrl: string;
  onCancel: () => void;
  /** The redraw mask as a PNG data URL the size of the picture. */
  onSave: (mask: string) => void;
}

/**
 * The mask editor of the diffusion tools (spec 001 §2 "original-image changes"): brush over the
 * part of the picture to change; the rest is kept. Undo steps back stroke by stroke.
 */
export function RedrawMaskEditor({ open, imageUrl, onCancel, onSave }: Props) {
  const { t } = useTranslation(['generation', 'errors']);
  const photo = useRef<HTMLCanvasElement>(null);
  const paint = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const undoStack = useRef<ImageData[]>([]);
  const [size, setSize] = useState(48);
  const [undoCount, setUndoCount] = useState(0);
  const [ready, setReady] = useState(false);
  const [aspect, setAspect] = useState(1);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setReady(false);
    const image = new Image();
    // Painted over in a canvas that is read back: a picture of another origin (S3 presigned) needs CORS.
    image.crossOrigin = 'anonymous';
    image.src = imageUrl;
    image
      .decode()
      .then(() => {
        if (cancelled || !photo.current || !paint.current) return;
        for (const canvas of [photo.current, paint.current]) {
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
        }
        photo.current.getContext('2d')!.drawImage(image, 0, 0);
        setAspect(image.naturalWidth / Math.max(1, image.naturalHeight));
        undoStack.current = [];
        setUndoCount(0);
        setReady(true);
      })
      .catch(() => Toast.error(t('errors:uploadTypeInvalid')));
    return () => {
      cancelled = true;
    };
  }, [open, imageUrl, t]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * canvas.width,
      y: ((event.clientY - box.top) / box.height) * canvas.height,
    };
  };
  /** Brush width in picture pixels: `size` is in screen pixels. */
  const brush = (canvas: HTMLCanvasElement) => (size * canvas.width) / Math.max(1, canvas.getBoundingClientRect().width);
  const stroke = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const canvas = paint.current;
    if (!canvas) return;
    const ctx = canvas.getContext('2d')!;
    ctx.strokeStyle = 'rgba(35, 82, 216, 1)';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = brush(canvas);
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
  };

  const save = () => {
    const canvas = paint.current;
    if (!canvas) return;
    const painted = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const pixels = redrawMaskPixels(painted.data);
    if (!pixels) {
      Toast.error(t('errors:maskEmpty'));
      return;
    }
    const out = Object.assign(document.createElement('canvas'), { width: canvas.width, height: canvas.height });
    const data = out.getContext('2d')!.createImageData(canvas.width, canvas.height);
    data.data.set(pixels);
    out.getContext('2d')!.putImageData(data, 0, 0);
    onSave(out.toDataURL('image/png'));
  };

  return (
    <Modal
      visible={open}
      title={t('maskTitle')}
      onCancel={onCancel}
      fullScreen={isMobile}
      width={isMobile ? '100%' : 760}
      footer={
        <Button theme="solid" onClick={save} disabled={!ready} data-testid="redraw-mask-save">
          {t('maskSave')}
        </Button>
      }
      data-testid="redraw-mask-editor"
    >
      <Typography.Paragraph type="secondary">{t('maskHelp')}</Typography.Paragraph>
      <div className="redraw-mask-stage" style={{ maxWidth: `min(100%, calc(60vh * ${aspect}))` }}>
        <canvas ref={photo} className="redraw-mask-photo" />
        <canvas
          ref={paint}
          className="redraw-mask-paint"
          data-testid="redraw-mask-canvas"
          onPointerDown={(event) => {
            const canvas = paint.current;
            if (!canvas || !ready) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            undoStack.current = [
              ...undoStack.current.slice(-(UNDO_HISTORY_LIMIT - 1)),
              canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height),
            ];
            setUndoCount(undoStack.current.length);
            const p = point(event);
            last.current = p;
            stroke(p, p);
          }}
          onPointerMove={(event) => {
            if (!last.current) return;
            const p = point(event);
            stroke(last.current, p);
            last.current = p;
          }}
          onPointerUp={() => {
            last.current = null;
          }}
          onPointerCancel={() => {
            last.current = null;
          }}
        />
      </div>
      <div className="redraw-mask-tools">
        <Typography.Text>{t('maskBrush')}</Typography.Text>
        <Slider value={size} min={8} max={120} onChange={(v) => setSize(Number(v))} style={{ flex: 1, minWidth: 120 }} />
        <Button
          icon={<IconUndo />}
          disabled={undoCount === 0}
          onClick={() => {
            const previous = undoStack.current.pop();
            if (previous && paint.current) paint.current.getContext('2d')!.putImageData(previous, 0, 0);
            setUndoCount(undoStack.current.length);
          }}
          data-testid="redraw-mask-undo"
        >
          {t('maskUndo')}
        </Button>
        <Button
          onClick={() => {
            const canvas = paint.current;
            if (!canvas) return;
            canvas.getContext('2d')!.clearRect(0, 0, canvas.width, canvas.height);
            undoStack.current = [];
            setUndoCount(0);
          }}
        >
          {t('maskClear')}
        </Button>
      </div>
    </Modal>
  );
}
