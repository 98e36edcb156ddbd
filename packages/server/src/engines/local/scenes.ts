import type { QR_SCENES, REFERENCE_BACKGROUNDS } from '@productimage/core';
import sharp from 'sharp';

/**
 * The background pictures the local engine offers, drawn by code (SVG rendered by sharp/librsvg)
 * the first time they are needed, never downloaded: the four reference backgrounds of background
 * reproduction (stone, mountain, flower, desert; spec 001 §9) and the scenes of QR code art.
 * Noise textures come from SVG turbulence filters; shapes are placed by a seeded generator so every
 * process draws the same pictures.
 */
export type ReferenceName = (typeof REFERENCE_BACKGROUNDS)[number];
export type QrSceneId = (typeof QR_SCENES)[number];

const SIZE = 1536;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 1000 1000"><defs>${defs}</defs>${body}</svg>`;

const grain = (id: string, freq: number, octaves: number, seed: number, slope: number) =>
  `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="${slope}"/></feComponentTransfer></filter>`;

function ridge(random: () => number, base: number, amplitude: number, steps = 14): string {
  let d = `M0 1000 L0 ${base}`;
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * 1000;
    const y = base - amplitude * (0.35 + 0.65 * random()) * (i % 2 === 0 ? 1 : 0.55);
    d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${d} L1000 1000 Z`;
}

function flowerAt(x: number, y: number, r: number, petal: string, centre: string, rotation: number): string {
  const petals = Array.from({ length: 6 }, (_, i) => {
    const a = rotation + i * 60;
    return `<ellipse cx="${x}" cy="${y - r * 0.55}" rx="${r * 0.32}" ry="${r * 0.55}" fill="${petal}" transform="rotate(${a} ${x} ${y})"/>`;
  }).join('');
  return `${petals}<circle cx="${x}" cy="${y}" r="${r * 0.22}" fill="${centre}"/>`;
}

function stone(): string {
  const random = rng(11);
  const pebbles = Array.from({ length: 9 }, () => {
    const x = 80 + random() * 840;
    const y = 860 + random() * 110;
    const rx = 18 + random() * 30;
    const shade = Math.round(90 + random() * 70);
    return `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${rx * 0.55}" fill="rgb(${shade},${shade},${shade + 6})"/>`;
  }).join('');
  return svg(
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfcac2"/><stop offset="1" stop-color="#8d8880"/></linearGradient>
     <linearGradient id="slab" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#77736d"/><stop offset="1" stop-color="#4a4744"/></linearGradient>
     <radialGradient id="light" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
     ${grain('g1', 0.012, 3, 3, 0.18)}${grain('g2', 0.05, 3, 7, 0.28)}`,
    `<rect width="1000" height="1000" fill="url(#wall)"/><rect width="1000" height="1000" filter="url(#g1)"/>
     <path d="M0 640 Q500 600 1000 640 L1000 1000 L0 1000 Z" fill="url(#slab)"/>
     <path d="M0 640 Q500 600 1000 640 L1000 1000 L0 1000 Z" filter="url(#g2)" opacity="0.9"/>
     <path d="M0 640 Q500 600 1000 640" stroke="#9b968f" stroke-width="6" fill="none"/>${pebbles}
     <rect width="1000" height="1000" fill="url(#light)"/>`,
  );
}

function mountain(): string {
  const random = rng(23);
  return svg(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f9fd8"/><stop offset="0.6" stop-color="#cfe1f2"/><stop offset="1" stop-color="#eef3f6"/></linearGradient>
     <linearGradient id="rock" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b6f63"/><stop offset="1" stop-color="#3c3f37"/></linearGradient>
     ${grain('g', 0.03, 3, 5, 0.3)}`,
    `<rect width="1000" height="1000" fill="url(#sky)"/>
     <circle cx="760" cy="190" r="60" fill="#fff8e0" opacity="0.8"/>
     <path d="${ridge(random, 470, 230)}" fill="#9fb3c8"/>
     <path d="M300 300 L340 330 L320 330 Z" fill="#fff" opacity="0"/>
     <path d="${ridge(random, 560, 190, 10)}" fill="#7c93a8"/>
     <path d="${ridge(random, 650, 140, 8)}" fill="#5d7387"/>
     <path d="${ridge(random, 740, 90, 6)}" fill="#40566a"/>
     <path d="M0 800 Q300 760 620 790 T1000 780 L1000 1000 L0 1000 Z" fill="url(#rock)"/>
     <path d="M0 800 Q300 760 620 790 T1000 780 L1000 1000 L0 1000 Z" filter="url(#g)"/>`,
  );
}

function flower(): string {
  const random = rng(37);
  const colours = ['#f4a7b9', '#f7c6d0', '#fbe3e8', '#f29fb0', '#ffd6a5', '#e8a0d0'];
  const back = Array.from({ length: 60 }, () => {
    const x = random() * 1000;
    const y = 380 + random() * 620;
    const r = 18 + random() * 40;
    return flowerAt(x, y, r, colours[Math.floor(random() * colours.length)]!, '#f6d365', random() * 60);
  }).join('');
  const leaves = Array.from({ length: 50 }, () => {
    const x = random() * 1000;
    const y = 420 + random() * 580;
    return `<ellipse cx="${x}" cy="${y}" rx="${10 + random() * 14}" ry="${30 + random() * 30}" fill="#6fae6a" transform="rotate(${random() * 180 - 90} ${x} ${y})"/>`;
  }).join('');
  return svg(
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdeef2"/><stop offset="0.5" stop-color="#f8dce4"/><stop offset="1" stop-color="#cfe6c8"/></linearGradient>
     <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>`,
    `<rect width="1000" height="1000" fill="url(#bg)"/><g filter="url(#soft)">${leaves}${back}</g>
     <path d="M0 820 Q500 780 1000 820 L1000 1000 L0 1000 Z" fill="#f3e6e0" opacity="0.92"/>`,
  );
}

function desert(): string {
  return svg(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2a65a"/><stop offset="0.55" stop-color="#f9d29d"/><stop offset="1" stop-color="#fbe7c6"/></linearGradient>
     <linearGradient id="dune1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e7b07a"/><stop offset="1" stop-color="#b9743f"/></linearGradient>
     <linearGradient id="dune2" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d99a5e"/><stop offset="1" stop-color="#a65f2e"/></linearGradient>
     ${grain('g', 0.09, 2, 9, 0.22)}`,
    `<rect width="1000" height="1000" fill="url(#sky)"/>
     <circle cx="250" cy="260" r="80" fill="#fff3d6" opacity="0.9"/>
     <path d="M0 620 Q250 520 520 600 T1000 560 L1000 1000 L0 1000 Z" fill="url(#dune1)"/>
     <path d="M0 760 Q380 650 700 740 T1000 720 L1000 1000 L0 1000 Z" fill="url(#dune2)"/>
     <path d="M0 760 Q380 650 700 740 T1000 720 L1000 1000 L0 1000 Z" filter="url(#g)"/>
     <path d="M0 620 Q250 520 520 600 T1000 560 L1000 1000 L0 1000 Z" filter="url(#g)" opacity="0.6"/>`,
  );
}

/** QR scenes: '1' sunset sea, '2' forest, '3' city at night, '4' flower field, '5' snowy peaks, '6' waves. */
function qrScene(id: QrSceneId): string {
  const random = rng(100 + Number(id));
  switch (id) {
    case '1':
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2d6e"/><stop offset="0.45" stop-color="#e0607e"/><stop offset="0.6" stop-color="#f7b267"/><stop offset="1" stop-color="#1d3d6e"/></linearGradient>${grain('g', 0.02, 3, 2, 0.25)}`,
        `<rect width="1000" height="1000" fill="url(#s)"/><circle cx="500" cy="560" r="120" fill="#ffd88a"/>
         <rect y="600" width="1000" height="400" fill="#1d3d6e" opacity="0.85"/><rect y="600" width="1000" height="400" filter="url(#g)"/>`,
      );
    case '2': {
      const trees = Array.from({ length: 40 }, () => {
        const x = random() * 1000;
        const h = 200 + random() * 350;
        const g = Math.round(70 + random() * 80);
        return `<path d="M${x} ${1000 - h} L${x - h * 0.22} 1000 L${x + h * 0.22} 1000 Z" fill="rgb(30,${g},50)"/>`;
      }).join('');
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cde8c4"/><stop offset="1" stop-color="#6f9f6a"/></linearGradient>`,
        `<rect width="1000" height="1000" fill="url(#s)"/>${trees}`,
      );
    }
    case '3': {
      const blocks = Array.from({ length: 26 }, (_, i) => {
        const w = 30 + random() * 50;
        const h = 200 + random() * 500;
        const x = i * 40 - 20;
        const lights = Array.from({ length: 12 }, () => {
          const lx = x + 4 + random() * (w - 10);
          const ly = 1000 - h + 10 + random() * (h - 20);
          return `<rect x="${lx}" y="${ly}" width="5" height="7" fill="#ffe08a" opacity="${0.4 + random() * 0.6}"/>`;
        }).join('');
        return `<rect x="${x}" y="${1000 - h}" width="${w}" height="${h}" fill="#1b2440"/>${lights}`;
      }).join('');
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset="1" stop-color="#3b2b5e"/></linearGradient>`,
        `<rect width="1000" height="1000" fill="url(#s)"/><circle cx="800" cy="180" r="50" fill="#f4f1d0"/>${blocks}`,
      );
    }
    case '4': {
      const flowers = Array.from({ length: 120 }, () =>
        flowerAt(
          random() * 1000,
          300 + random() * 700,
          14 + random() * 26,
          random() > 0.5 ? '#f7d046' : '#f2784b',
          '#7a4a12',
          random() * 60,
        ),
      ).join('');
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fd3f0"/><stop offset="0.3" stop-color="#d8f0d0"/><stop offset="1" stop-color="#5c9b4c"/></linearGradient>`,
        `<rect width="1000" height="1000" fill="url(#s)"/>${flowers}`,
      );
    }
    case '5':
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#89b4e0"/><stop offset="1" stop-color="#eef4fa"/></linearGradient>`,
        `<rect width="1000" height="1000" fill="url(#s)"/>
         <path d="${ridge(random, 520, 280, 9)}" fill="#f4f8fc"/><path d="${ridge(random, 680, 200, 7)}" fill="#c9d8e8"/>
         <path d="${ridge(random, 840, 120, 5)}" fill="#8aa3bd"/>`,
      );
    default: {
      const waves = Array.from({ length: 14 }, (_, i) => {
        const y = i * 75;
        const hue = 180 + i * 8;
        return `<path d="M0 ${y} Q250 ${y - 60} 500 ${y} T1000 ${y} L1000 1000 L0 1000 Z" fill="hsl(${hue},60%,${70 - i * 3}%)" opacity="0.85"/>`;
      }).join('');
      return svg('', `<rect width="1000" height="1000" fill="#e6f6f8"/>${waves}`);
    }
  }
}

const references: Record<ReferenceName, () => string> = { stone, mountain, flower, desert };
const cache = new Map<string, Promise<Buffer>>();

function rendered(key: string, draw: () => string): Promise<Buffer> {
  let hit = cache.get(key);
  if (!hit) {
    hit = sharp(Buffer.from(draw())).flatten({ background: '#ffffff' }).png().toBuffer();
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/** A reference background (stone, mountain, flower, desert) as a 1536x1536 PNG. */
export const referenceImage = (name: ReferenceName) => rendered(`ref:${name}`, references[name]);

/** A QR art scene ('1' to '6') as a 1536x1536 PNG. */
export const qrSceneImage = (id: QrSceneId) => rendered(`qr:${id}`, () => qrScene(id));
