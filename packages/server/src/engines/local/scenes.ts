import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { QR_SCENES, REFERENCE_BACKGROUNDS } from '@productimage/core';
import sharp from 'sharp';

/**
 * The background pictures the local engine offers, rendered by code the first time they are needed
 * (SVG filters rendered by sharp/librsvg), never downloaded. They are built the way product
 * photographs are: a backdrop out of focus, a surface the product stands on, light with a
 * direction and a falloff, lens vignetting and sensor grain. Textures come from SVG turbulence
 * (Perlin noise) shaped into materials: veins of marble where the noise crosses a level, wood grain
 * from noise stretched along the planks, linen weave from two fine crossed noises, concrete from
 * noise in several octaves with speckles, rock and sand relief from noise lit as a height map
 * (feDiffuseLighting). Surfaces recede: their texture is squashed towards the horizon and darkened.
 *
 * Reference backgrounds: the spec's four examples (stone, mountain, flower, desert) and six studio
 * surfaces (studio sweep, marble, wood, linen, concrete, window light). QR scenes '1' to '6' are the
 * pictures QR art embeds (sunset sea, forest, city at night, flower field, snowy peaks, waves).
 */
export type ReferenceName = (typeof REFERENCE_BACKGROUNDS)[number];
export type QrSceneId = (typeof QR_SCENES)[number];

/**
 * Drawn at 1024 px (filters cost with the square of the size: 2048 took ten times as long) and
 * enlarged once to 2048 px, the largest output, so no output enlarges its background; the textures
 * are soft (out of focus) by design. Rendered pictures are kept on disk, keyed by their drawing.
 */
const SIZE = 1024;
const DELIVERED = 2048;

/**
 * Each reference's floor: where it begins (`horizon`, a share of the height: the drawings below put
 * their floor there), so a product stands on it (issue 44), and whether it is glossy enough to
 * reflect the product. The studio sweep and the linen have no floor line.
 */
export const REFERENCE_FLOORS: Record<string, { reflection?: number; horizon?: number }> = {
  studio: { reflection: 0.18 },
  marble: { reflection: 0.22, horizon: 0.64 },
  window: { reflection: 0.1, horizon: 0.65 },
  wood: { horizon: 0.64 },
  concrete: { horizon: 0.66 },
  stone: { horizon: 0.64 },
  mountain: { horizon: 0.64 },
  flower: { horizon: 0.65 },
  desert: { horizon: 0.63 },
};

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 1000 1000"><defs>${defs}${common}</defs>${body}${finish}</svg>`;

/** Lens vignette and fine sensor grain, laid over every picture. */
const common = `
  <radialGradient id="vignette" cx="0.5" cy="0.48" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/></radialGradient>
  <filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="1.4" numOctaves="1" seed="4"/><feColorMatrix type="matrix" values="2.4 0 0 0 -0.7  2.4 0 0 0 -0.7  2.4 0 0 0 -0.7  0 0 0 0 0.09"/></filter>
  <filter id="dof" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="9"/></filter>
  <filter id="softdof" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="3"/></filter>`;
const finish = `<rect width="1000" height="1000" fill="url(#vignette)"/><rect width="1000" height="1000" filter="url(#grain)"/>`;

/** A tinted noise texture: turbulence mapped between two colours. */
const tinted = (id: string, freq: string, octaves: number, seed: number, dark: string, light: string, contrast = 1) => {
  const [dr, dg, db] = hex(dark);
  const [lr, lg, lb] = hex(light);
  // Noise luminance sits around 0.5 (about 0.3 to 0.7): centre it between the two colours.
  const ch = (d: number, l: number) => {
    const slope = ((l - d) / 255) * 2.5 * contrast;
    return `type="linear" slope="${slope.toFixed(4)}" intercept="${((d + l) / 510 - 0.5 * slope).toFixed(4)}"`;
  };
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}"/><feColorMatrix type="luminanceToAlpha"/><feColorMatrix type="matrix" values="0 0 0 1 0  0 0 0 1 0  0 0 0 1 0  0 0 0 0 1"/><feComponentTransfer><feFuncR ${ch(dr, lr)}/><feFuncG ${ch(dg, lg)}/><feFuncB ${ch(db, lb)}/></feComponentTransfer></filter>`;
};

/** Relief: noise used as a height map, lit from the upper left (rock, sand, plaster). */
const relief = (id: string, freq: string, octaves: number, seed: number, colour: string, scale: number, elevation = 35) =>
  `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}" result="n"/><feDiffuseLighting in="n" surfaceScale="${scale}" diffuseConstant="1.05" lighting-color="${colour}"><feDistantLight azimuth="225" elevation="${elevation}"/></feDiffuseLighting></filter>`;

function hex(c: string): [number, number, number] {
  const v = Number.parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A surface from `top` to the bottom, its texture squashed towards the horizon (perspective). */
const floor = (top: number, fill: string, squash = 0.35) =>
  `<g transform="translate(0 ${top}) scale(1 ${squash})"><rect width="1000" height="${(1000 - top) / squash}" ${fill}/></g>`;

/** Light on a floor: darker where it meets the wall and towards the camera, brightest between. */
const floorLight = (id: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.25" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>`;

/** Soft out-of-focus discs (bokeh) in the given colours. */
function bokeh(random: () => number, count: number, colours: string[], y0: number, y1: number, r0: number, r1: number): string {
  return Array.from({ length: count }, () => {
    const x = random() * 1000;
    const y = y0 + random() * (y1 - y0);
    const r = r0 + random() * (r1 - r0);
    const c = colours[Math.floor(random() * colours.length)]!;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${c}" opacity="${(0.35 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');
}

/** A mountain ridge line: midpoint displacement, so the skyline is fractal, not zigzag. */
function ridgePath(random: () => number, base: number, amplitude: number, roughness = 0.55): string {
  let points = [base - amplitude * random(), base - amplitude * random()];
  let spread = amplitude;
  for (let level = 0; level < 7; level++) {
    const next: number[] = [];
    spread *= roughness;
    for (let i = 0; i < points.length - 1; i++)
      next.push(points[i]!, (points[i]! + points[i + 1]!) / 2 + (random() - 0.5) * 2 * spread);
    next.push(points.at(-1)!);
    points = next;
  }
  const step = 1000 / (points.length - 1);
  return `M0 1000 ${points.map((y, i) => `L${(i * step).toFixed(1)} ${y.toFixed(1)}`).join(' ')} L1000 1000 Z`;
}

// ---- the six studio surfaces ----

function studio(): string {
  return svg(
    `<linearGradient id="paper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9dadc"/><stop offset="0.55" stop-color="#eceded"/><stop offset="0.68" stop-color="#f4f4f3"/><stop offset="1" stop-color="#dcdcda"/></linearGradient>
     <radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
     ${tinted('fibre', '0.6 0.6', 2, 3, '#e6e6e5', '#f2f2f1', 0.6)}`,
    `<rect width="1000" height="1000" fill="url(#paper)"/>
     <rect width="1000" height="1000" filter="url(#fibre)" opacity="0.25"/>
     <ellipse cx="500" cy="420" rx="520" ry="380" fill="url(#spot)"/>`,
  );
}

function marble(): string {
  return svg(
    `<linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c9c5bf"/><stop offset="0.45" stop-color="#e2ded8"/><stop offset="1" stop-color="#bdb8b1"/></linearGradient>
     <filter id="veins" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.006 0.018" numOctaves="5" seed="21"/><feColorMatrix type="luminanceToAlpha"/><feColorMatrix type="matrix" values="0 0 0 1 0  0 0 0 1 0  0 0 0 1 0  0 0 0 0 1"/><feComponentTransfer><feFuncR type="table" tableValues="0.93 0.94 0.95 0.93 0.55 0.93 0.95 0.96 0.97"/><feFuncG type="table" tableValues="0.92 0.93 0.94 0.92 0.56 0.92 0.94 0.95 0.96"/><feFuncB type="table" tableValues="0.90 0.91 0.92 0.91 0.57 0.91 0.92 0.93 0.94"/></feComponentTransfer><feGaussianBlur stdDeviation="0.6"/></filter>
     ${floorLight('fl')}
     <linearGradient id="gloss" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.3" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    `<rect width="1000" height="640" fill="url(#wall)" filter="url(#softdof)"/>
     ${floor(640, 'filter="url(#veins)"', 0.4)}
     <rect y="640" width="1000" height="360" fill="url(#fl)"/>
     <rect y="640" width="1000" height="360" fill="url(#gloss)"/>
     <rect y="636" width="1000" height="5" fill="#8f8a83" opacity="0.35"/>`,
  );
}

function wood(): string {
  const random = rng(7);
  const seams = Array.from({ length: 7 }, (_, i) => {
    const y = 640 + 360 * ((i + 1) / 8) ** 1.6;
    return `<rect y="${y.toFixed(1)}" width="1000" height="${(1 + i * 0.5).toFixed(1)}" fill="#2e1a0c" opacity="0.45"/>`;
  }).join('');
  const knots = Array.from(
    { length: 3 },
    () =>
      `<ellipse cx="${random() * 1000}" cy="${700 + random() * 280}" rx="${10 + random() * 14}" ry="4" fill="#3b2210" opacity="0.35" filter="url(#softdof)"/>`,
  ).join('');
  return svg(
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8e1d7"/><stop offset="1" stop-color="#d3c9bb"/></linearGradient>
     ${tinted('grain1', '0.0015 0.09', 4, 12, '#6d4424', '#b07a4a', 1.2)}
     ${floorLight('fl')}`,
    `<rect width="1000" height="640" fill="url(#wall)" filter="url(#dof)"/>
     ${floor(640, 'filter="url(#grain1)"', 0.5)}${seams}${knots}
     <rect y="640" width="1000" height="360" fill="url(#fl)"/>`,
  );
}

function linen(): string {
  return svg(
    `<filter id="weave" x="0" y="0" width="100%" height="100%">
       <feTurbulence type="fractalNoise" baseFrequency="1.6 0.04" numOctaves="2" seed="5" result="warp"/>
       <feTurbulence type="fractalNoise" baseFrequency="0.04 1.6" numOctaves="2" seed="6" result="weft"/>
       <feComposite in="warp" in2="weft" operator="arithmetic" k2="0.5" k3="0.5"/>
       <feColorMatrix type="luminanceToAlpha"/><feColorMatrix type="matrix" values="0 0 0 1 0  0 0 0 1 0  0 0 0 1 0  0 0 0 0 1"/>
       <feComponentTransfer><feFuncR type="linear" slope="0.5" intercept="0.62"/><feFuncG type="linear" slope="0.5" intercept="0.57"/><feFuncB type="linear" slope="0.5" intercept="0.48"/></feComponentTransfer>
     </filter>
     ${relief('folds', '0.004 0.012', 2, 9, '#ffffff', 9, 50)}`,
    `<rect width="1000" height="1000" filter="url(#weave)"/>
     <rect width="1000" height="1000" filter="url(#folds)" style="mix-blend-mode:multiply" opacity="0.55"/>
     <rect width="1000" height="640" fill="#f3eee6" opacity="0.25" filter="url(#dof)"/>`,
  );
}

function concrete(): string {
  return svg(
    `${tinted('cement', '0.012', 5, 31, '#8d8b87', '#c4c1bb', 1.1)}
     ${tinted('cementFloor', '0.02 0.06', 5, 32, '#7a7874', '#b3b0aa', 1.1)}
     <filter id="speckle" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.7" numOctaves="1" seed="8"/><feColorMatrix type="matrix" values="0 0 0 0 0.25  0 0 0 0 0.24  0 0 0 0 0.23  0 0 0 -9 5.2"/></filter>
     ${floorLight('fl')}`,
    `<g filter="url(#softdof)"><rect width="1000" height="660" filter="url(#cement)"/><rect width="1000" height="660" filter="url(#speckle)" opacity="0.6"/></g>
     ${floor(660, 'filter="url(#cementFloor)"', 0.45)}
     <rect y="660" width="1000" height="340" filter="url(#speckle)" opacity="0.5"/>
     <rect y="660" width="1000" height="340" fill="url(#fl)"/>
     <rect y="657" width="1000" height="4" fill="#4d4b48" opacity="0.4"/>`,
  );
}

function windowLight(): string {
  // Sunlight through a four-pane window, falling across the wall and on to the floor.
  const panes = [0, 1]
    .flatMap((col) => [0, 1].map((row) => [col, row] as const))
    .map(([col, row]) => {
      const x = 420 + col * 170 + row * 60;
      const y = 120 + row * 230;
      return `<path d="M${x} ${y} l150 -40 l70 210 l-150 40 Z" fill="#fff6e0"/>`;
    })
    .join('');
  return svg(
    `<linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d8d2c8"/><stop offset="1" stop-color="#bfb8ad"/></linearGradient>
     <linearGradient id="fl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfc7ba"/><stop offset="1" stop-color="#b1a99c"/></linearGradient>
     <filter id="beam" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>`,
    `<rect width="1000" height="650" fill="url(#wall)"/>
     <rect y="650" width="1000" height="350" fill="url(#fl)"/>
     <g filter="url(#beam)" opacity="0.6" style="mix-blend-mode:screen">${panes}
       <path d="M300 700 L760 690 L1000 1000 L420 1000 Z" fill="#fff3d8" opacity="0.55"/></g>
     <rect y="647" width="1000" height="4" fill="#8c8477" opacity="0.4"/>`,
  );
}

// ---- the spec's four examples, as photographs ----

function stone(): string {
  return svg(
    `${relief('wallRock', '0.008', 5, 13, '#d6d1c9', 7)}
     ${relief('slab', '0.02 0.05', 5, 14, '#a39d94', 5, 40)}
     <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
     <linearGradient id="edge" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    `<g filter="url(#dof)"><rect width="1000" height="700" filter="url(#wallRock)"/></g>
     <rect width="1000" height="700" fill="#6e665c" opacity="0.25"/>
     ${floor(640, 'filter="url(#slab)"', 0.55)}
     <rect y="640" width="1000" height="12" fill="url(#edge)"/>
     <rect y="640" width="1000" height="360" fill="url(#shade)"/>`,
  );
}

function mountain(): string {
  const random = rng(23);
  return svg(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7ea6cf"/><stop offset="0.55" stop-color="#c6d8e6"/><stop offset="1" stop-color="#e6ecef"/></linearGradient>
     ${relief('rockface', '0.01 0.03', 5, 41, '#d8d3cb', 6)}
     ${relief('ledge', '0.015 0.045', 5, 42, '#9c958a', 5, 40)}
     <linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe8ef" stop-opacity="0"/><stop offset="1" stop-color="#dfe8ef" stop-opacity="0.7"/></linearGradient>`,
    `<rect width="1000" height="1000" fill="url(#sky)"/>
     <g filter="url(#dof)">
       <path d="${ridgePath(random, 420, 170)}" fill="#9db0c2"/>
       <path d="${ridgePath(random, 500, 150)}" fill="#7f94a8"/>
       <path d="${ridgePath(random, 560, 110)}" fill="#5f7488"/>
       <rect y="300" width="1000" height="300" fill="url(#haze)"/>
     </g>
     ${floor(640, 'filter="url(#ledge)"', 0.55)}
     <rect y="640" width="1000" height="360" fill="#5c5347" opacity="0.18"/>`,
  );
}

function flower(): string {
  const random = rng(37);
  const petals = ['#f2a9bd', '#f8cdd8', '#fde9ee', '#e98aa6', '#ffd9b0', '#ffffff'];
  const leaves = ['#7fae6e', '#a4c98f', '#5f8f55'];
  return svg(
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6e4e8"/><stop offset="1" stop-color="#e8d6d0"/></linearGradient>
     <filter id="far" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="16"/></filter>
     <filter id="near" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="7"/></filter>
     ${tinted('table', '0.002 0.07', 4, 17, '#d9c3a6', '#efe2cf', 0.9)}`,
    `<rect width="1000" height="1000" fill="url(#bg)"/>
     <g filter="url(#far)">${bokeh(random, 40, leaves, 0, 640, 40, 110)}${bokeh(random, 60, petals, 0, 640, 30, 90)}</g>
     <g filter="url(#near)">${bokeh(random, 16, petals, 40, 560, 10, 26)}</g>
     ${floor(650, 'filter="url(#table)"', 0.5)}
     <rect y="650" width="1000" height="350" fill="#000" opacity="0.06"/>`,
  );
}

function desert(): string {
  const random = rng(51);
  return svg(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9b88a"/><stop offset="0.6" stop-color="#f6dcbc"/><stop offset="1" stop-color="#fbeedd"/></linearGradient>
     <radialGradient id="sun" cx="0.25" cy="0.3" r="0.35"><stop offset="0" stop-color="#fff7e6" stop-opacity="0.9"/><stop offset="1" stop-color="#fff7e6" stop-opacity="0"/></radialGradient>
     ${relief('ripples', '0.004 0.045', 3, 61, '#e7b98a', 8, 28)}
     ${relief('dunesand', '0.01 0.03', 3, 62, '#deae7e', 3, 30)}`,
    `<rect width="1000" height="1000" fill="url(#sky)"/><rect width="1000" height="1000" fill="url(#sun)"/>
     <g filter="url(#dof)">
       <path d="${ridgePath(random, 560, 70, 0.4)}" fill="#d9a46f"/>
       <path d="${ridgePath(random, 610, 60, 0.4)}" fill="#c98f5a"/>
     </g>
     ${floor(630, 'filter="url(#ripples)"', 0.5)}
     <rect y="630" width="1000" height="370" fill="#c98f5a" opacity="0.12"/>`,
  );
}

/** QR scenes: '1' sunset sea, '2' forest, '3' city at night, '4' flower field, '5' snowy peaks, '6' waves. */
function qrScene(id: QrSceneId): string {
  const random = rng(100 + Number(id));
  switch (id) {
    case '1':
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2d2f6b"/><stop offset="0.35" stop-color="#b8577a"/><stop offset="0.55" stop-color="#f4a261"/><stop offset="0.6" stop-color="#f7c77e"/></linearGradient>
         <radialGradient id="glow" cx="0.5" cy="0.58" r="0.4"><stop offset="0" stop-color="#ffe1a0" stop-opacity="0.95"/><stop offset="1" stop-color="#ffe1a0" stop-opacity="0"/></radialGradient>
         ${tinted('sea', '0.002 0.06', 3, 4, '#1c2f5a', '#d98a6a', 1.2)}`,
        `<rect width="1000" height="600" fill="url(#s)"/><rect width="1000" height="1000" fill="url(#glow)"/>
         <circle cx="500" cy="585" r="48" fill="#fff2cf"/>
         ${floor(600, 'filter="url(#sea)"', 0.6)}
         <rect y="600" width="1000" height="400" fill="url(#glow)" opacity="0.5"/>`,
      );
    case '2':
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7e8c8"/><stop offset="1" stop-color="#5b7d4a"/></linearGradient>
         <filter id="far" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="10"/></filter>`,
        `<rect width="1000" height="1000" fill="url(#s)"/>
         <g filter="url(#far)">${Array.from({ length: 28 }, () => {
           const x = random() * 1000;
           const w = 14 + random() * 40;
           const g = Math.round(40 + random() * 50);
           return `<rect x="${x}" y="0" width="${w}" height="1000" fill="rgb(${g - 10},${g},${g - 20})" opacity="0.8"/>`;
         }).join('')}${bokeh(random, 50, ['#f5f8dc', '#c9e0a5', '#fffbe0'], 0, 700, 8, 30)}</g>
         <path d="${ridgePath(random, 850, 60, 0.6)}" fill="#3e5a30"/>`,
      );
    case '3':
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1026"/><stop offset="1" stop-color="#3a2a58"/></linearGradient>
         <filter id="far" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="8"/></filter>`,
        `<rect width="1000" height="1000" fill="url(#s)"/>
         <g filter="url(#far)">${bokeh(random, 90, ['#ffd37a', '#ff9a5a', '#fff0c0', '#7ab8ff', '#ff6b8a'], 200, 1000, 8, 38)}</g>
         ${Array.from({ length: 18 }, (_, i) => `<rect x="${i * 56}" y="${560 + random() * 300}" width="${30 + random() * 30}" height="500" fill="#0d1328" opacity="0.85"/>`).join('')}`,
      );
    case '4': {
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9d4ef"/><stop offset="0.35" stop-color="#e4f1dc"/><stop offset="1" stop-color="#6f9f58"/></linearGradient>
         <filter id="far" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="6"/></filter>`,
        `<rect width="1000" height="1000" fill="url(#s)"/>
         <g filter="url(#far)">${bokeh(random, 140, ['#f7d046', '#f2784b', '#ffe37a', '#e85a3a'], 380, 700, 5, 16)}</g>
         ${bokeh(random, 80, ['#f7d046', '#f2784b', '#ffe37a'], 700, 1000, 14, 34)}`,
      );
    }
    case '5':
      return svg(
        `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f9fd6"/><stop offset="1" stop-color="#e8f0f8"/></linearGradient>
         ${relief('snow', '0.01 0.03', 4, 55, '#f4f8fc', 4, 40)}`,
        `<rect width="1000" height="1000" fill="url(#s)"/>
         <path d="${ridgePath(random, 480, 260)}" fill="#f2f6fa"/>
         <path d="${ridgePath(random, 620, 200)}" fill="#b8c9dc"/>
         <path d="${ridgePath(random, 800, 140)}" fill="#7e96b0"/>`,
      );
    default:
      return svg(
        `${relief('water', '0.006 0.03', 4, 66, '#7fc4d8', 10, 30)}
         <linearGradient id="depth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8f8fb" stop-opacity="0.6"/><stop offset="1" stop-color="#0b4f6c" stop-opacity="0.5"/></linearGradient>`,
        `<rect width="1000" height="1000" filter="url(#water)"/><rect width="1000" height="1000" fill="url(#depth)"/>`,
      );
  }
}

const references: Record<string, () => string> = {
  stone,
  mountain,
  flower,
  desert,
  studio,
  marble,
  wood,
  linen,
  concrete,
  window: windowLight,
};
const cache = new Map<string, Promise<Buffer>>();
const diskCache = path.join(os.tmpdir(), 'productimage-scenes');

async function render(drawing: string): Promise<Buffer> {
  const file = path.join(diskCache, `${crypto.createHash('sha256').update(drawing).digest('hex').slice(0, 24)}.png`);
  const kept = await fs.promises.readFile(file).catch(() => null);
  if (kept) return kept;
  const png = await sharp(await sharp(Buffer.from(drawing)).flatten({ background: '#ffffff' }).png().toBuffer())
    .resize(DELIVERED, DELIVERED, { kernel: 'lanczos3' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  // Written under a temporary name and renamed, so a concurrent reader never sees half a file.
  await fs.promises.mkdir(diskCache, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}`;
  await fs.promises.writeFile(partial, png);
  await fs.promises.rename(partial, file).catch(() => fs.promises.rm(partial, { force: true }));
  return png;
}

function rendered(key: string, draw: () => string): Promise<Buffer> {
  let hit = cache.get(key);
  if (!hit) {
    hit = render(draw());
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/** A reference background as a 2048 x 2048 PNG. */
export const referenceImage = (name: ReferenceName) => rendered(`ref:${name}`, references[name]!);

/** A QR art scene ('1' to '6') as a 2048 x 2048 PNG. */
export const qrSceneImage = (id: QrSceneId) => rendered(`qr:${id}`, () => qrScene(id));
