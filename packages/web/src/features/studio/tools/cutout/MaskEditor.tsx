import { IconUndo } from '@douyinfe/semi-icons';
import { Button, Modal, RadioGroup, Slider, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import { UNDO_HISTORY_LIMIT } from '@productimage/core';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMaskEmpty } from './maskPixels.ts';

type Point = { x: number; y: number };

type Brush = 'add' | 'erase';

interface Props {
  open: boolean;
  /** The photo as uploaded. */
  originalUrl: string;
  /** The cutout to refine (transparent PNG); its alpha is the starting mask. */
  resultUrl: string;
  submitting: boolean;
  onCancel: () => void;
  /**
   * The user's strokes as a PNG the size of the original: white where the subject is forced (add),
   * black where the background is forced (erase), transparent where the model's answer stays.
   */
  onSubmit: (mask: Blob) => void;
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.src = src;
  await image.decode();
  return image;
}

/**
 * The mask editor (spec 001 §2): brush over the cutout to add back parts of the photo or erase
 * what should go, then run the precise cutout with that mask. The removed part stays faintly
 * visible so the user sees what can be brushed back.
 */
export function MaskEditor({ open, originalUrl, resultUrl, submitting, onCancel, onSubmit }: Props) {
  const { t } = useTranslation(['tools', 'errors']);
  const view = useRef<HTMLCanvasElement>(null);
  /** What the cutout keeps now (alpha), shown on screen. */
  const mask = useRef<HTMLCanvasElement | null>(null);
  /** Only what the user painted: the hint the server refines with. */
  const strokes = useRef<HTMLCanvasElement | null>(null);
  const original = useRef<HTMLImageElement | null>(null);
  const scratch = useRef<HTMLCanvasElement | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const undoStack = useRef<Array<[ImageData, ImageData]>>([]);
  const [brush, setBrush] = useState<Brush>('erase');
  const [size, setSize] = useState(40);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [undoCount, setUndoCount] = useState(0);

  const render = useCallback(() => {
    const canvas = view.current;
    const photo = original.current;
    const maskCanvas = mask.current;
    const temp = scratch.current;
    if (!canvas || !photo || !maskCanvas || !temp) return;
    const ctx = canvas.getContext('2d')!;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.globalAlpha = 0.25;
    ctx.drawImage(photo, 0, 0);
    ctx.globalAlpha = 1;
    const tctx = temp.getContext('2d')!;
    tctx.globalCompositeOperation = 'source-over';
    tctx.clearRect(0, 0, temp.width, temp.height);
    tctx.drawImage(photo, 0, 0);
    tctx.globalCompositeOperation = 'destination-in';
    tctx.drawImage(maskCanvas, 0, 0);
    ctx.drawImage(temp, 0, 0);
  }, []);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setReady(false);
    setFailed(false);
    undoStack.current = [];
    setUndoCount(0);
    Promise.all([loadImage(originalUrl), loadImage(resultUrl)])
      .then(([photo, cutout]) => {
        if (cancelled) return;
        const { naturalWidth: w, naturalHeight: h } = photo;
        const make = () => Object.assign(document.createElement('canvas'), { width: w, height: h });
        const maskCanvas = make();
        const mctx = maskCanvas.getContext('2d', { willReadFrequently: true })!;
        mctx.drawImage(cutout, 0, 0, w, h);
        mctx.globalCompositeOperation = 'source-in';
        mctx.fillStyle = '#fff';
        mctx.fillRect(0, 0, w, h);
        mctx.globalCompositeOperation = 'source-over';
        mask.current = maskCanvas;
        strokes.current = make();
        scratch.current = make();
        original.current = photo;
        if (view.current) {
          view.current.width = w;
          view.current.height = h;
        }
        setSize(Math.max(8, Math.round(Math.min(w, h) / 25)));
        setReady(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [open, originalUrl, resultUrl]);

  useEffect(() => {
    if (ready) render();
  }, [ready, render]);

  const toCanvas = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * canvas.width,
      y: ((event.clientY - rect.top) / rect.height) * canvas.height,
    };
  };

  const stroke = (ctx: CanvasRenderingContext2D, from: Point, to: Point, op: GlobalCompositeOperation, color: string) => {
    ctx.globalCompositeOperation = op;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = size;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(to.x, to.y, size / 2, 0, Math.PI * 2);
    ctx.fill();
    ctx.globalCompositeOperation = 'source-over';
  };

  const paint = (from: Point, to: Point) => {
    const m = mask.current?.getContext('2d');
    const s = strokes.current?.getContext('2d');
    if (!m || !s) return;
    const add = brush === 'add';
    stroke(m, from, to, add ? 'source-over' : 'destination-out', '#fff');
    stroke(s, from, to, 'source-over', add ? '#fff' : '#000');
    render();
  };

  const onDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const m = mask.current;
    const s = strokes.current;
    if (!ready || !m || !s) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const snapshot = (c: HTMLCanvasElement) => c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    undoStack.current = [...undoStack.current, [snapshot(m), snapshot(s)] as [ImageData, ImageData]].slice(-UNDO_HISTORY_LIMIT);
    setUndoCount(undoStack.current.length);
    const point = toCanvas(event);
    last.current = point;
    paint(point, point);
  };
  const onMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const point = toCanvas(event);
    paint(last.current, point);
    last.current = point;
  };
  const onUp = () => {
    last.current = null;
  };

  const undoStroke = () => {
    const previous = undoStack.current.pop();
    if (previous && mask.current && strokes.current) {
      mask.current.getContext('2d')!.putImageData(previous[0], 0, 0);
      strokes.current.getContext('2d')!.putImageData(previous[1], 0, 0);
    }
    setUndoCount(undoStack.current.length);
    render();
  };

  // Nothing painted, or painted until nothing is kept: both leave no mask to cut with.
  const submit = () => {
    const m = mask.current;
    const s = strokes.current;
    if (!m || !s) return;
    const pixels = (c: HTMLCanvasElement) => c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    if (isMaskEmpty(pixels(s)) || isMaskEmpty(pixels(m))) {
      Toast.warning(t('errors:maskEmpty'));
      return;
    }
    s.toBlob((blob) => blob && onSubmit(blob), 'image/png');
  };

  return (
    <Modal
      visible={open}
      title={t('maskTitle')}
      width={900}
      onCancel={onCancel}
      maskClosable={false}
      footer={
        <>
          <Button onClick={onCancel}>{t('common:cancel')}</Button>
          <Button theme="solid" loading={submitting} disabled={!ready} onClick={submit} data-testid="mask-submit">
            {t('maskSubmit')}
          </Button>
        </>
      }
    >
      <div className="mask-editor" data-testid="mask-editor">
        <Typography.Text type="tertiary">{t('maskHelp')}</Typography.Text>
        <div className="mask-tools">
          <RadioGroup
            type="button"
            value={brush}
            onChange={(event) => setBrush(event.target.value as Brush)}
            options={[
              { value: 'add', label: t('maskAdd') },
              { value: 'erase', label: t('maskErase') },
            ]}
          />
          <Typography.Text>{t('maskBrushSize')}</Typography.Text>
          <Slider value={size} min={4} max={200} onChange={(v) => setSize(Number(v))} style={{ width: 160 }} />
          <Button icon={<IconUndo />} disabled={!undoCount} onClick={undoStroke} data-testid="mask-undo">
            {t('maskUndo')}
          </Button>
        </div>
        <div className="mask-stage checkerboard">
          {!ready && !failed && <Spin size="large" />}
          {failed && <Typography.Text type="danger">{t('maskLoadFailed')}</Typography.Text>}
          <canvas
            ref={view}
            hidden={!ready}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={onUp}
            data-testid="mask-canvas"
          />
        </div>
      </div>
    </Modal>
  );
}
