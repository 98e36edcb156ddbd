import { rgbToHex } from './recentColors.ts';

/** The colour under a click on a shown image, read at the image's natural resolution. */
export function colorAt(image: HTMLImageElement, clientX: number, clientY: number): string | null {
  const rect = image.getBoundingClientRect();
  const x = Math.floor(((clientX - rect.left) / rect.width) * image.naturalWidth);
  const y = Math.floor(((clientY - rect.top) / rect.height) * image.naturalHeight);
  if (x < 0 || y < 0 || x >= image.naturalWidth || y >= image.naturalHeight) return null;
  const canvas = Object.assign(document.createElement('canvas'), { width: 1, height: 1 });
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(image, x, y, 1, 1, 0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return rgbToHex(r!, g!, b!);
}
