/**
 * Generated artwork for the demo catalogue: stylised product illustrations on a soft studio
 * background, and abstract hero banners for the home page carousel.
 *
 * Everything is drawn as SVG in code and rasterised with sharp to WebP. There is deliberately no
 * text in any picture (fonts may be missing on the server). The output depends only on the input,
 * so the same product always gets the same picture.
 */
import sharp from 'sharp';

export interface ProductArtInput {
  name: string;
  category: string;
  /**
   * The product's position within its category (0, 1, 2...): consecutive products get different
   * illustrations of the category (e.g. headphones, phone, laptop). The palette comes from the name.
   */
  index: number;
}

export interface RenderedArt {
  data: Buffer;
  contentType: 'image/webp';
}

const PHOTO_SIZE = 600;
const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 400;
const WEBP_QUALITY = 80;

// ---------------------------------------------------------------------------------------------
// Small deterministic helpers
// ---------------------------------------------------------------------------------------------

/** FNV-1a, 32 bits. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded PRNG returning numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], n: number): T {
  const item = items[((Math.floor(n) % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('pick: empty list');
  return item;
}

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function mix(from: string, to: string, amount: number): string {
  const a = hexToRgb(from);
  const b = hexToRgb(to);
  const channel = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * amount);
  return `#${[channel(0), channel(1), channel(2)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const lighten = (color: string, amount: number) => mix(color, '#ffffff', amount);
const darken = (color: string, amount: number) => mix(color, '#000000', amount);

/** Rounds coordinates so the SVG stays short and stable. */
const r1 = (n: number) => Math.round(n * 10) / 10;

async function toWebp(svg: string, background: string): Promise<RenderedArt> {
  const data = await sharp(Buffer.from(svg))
    .flatten({ background })
    .webp({ quality: WEBP_QUALITY, effort: 5, smartSubsample: true })
    .toBuffer();
  return { data, contentType: 'image/webp' };
}

// ---------------------------------------------------------------------------------------------
// Palettes
// ---------------------------------------------------------------------------------------------

interface Palette {
  bgTop: string;
  bgBottom: string;
  /** Main colour of the object. */
  primary: string;
  /** Deep colour for outlines, dark parts and details. */
  secondary: string;
  /** A contrasting pop of colour. */
  accent: string;
}

const PALETTES: readonly Palette[] = [
  { bgTop: '#fdf3ea', bgBottom: '#f4d9c6', primary: '#e07a5f', secondary: '#2f4858', accent: '#f2b134' },
  { bgTop: '#eaf6f0', bgBottom: '#c9e6d8', primary: '#2a9d8f', secondary: '#264653', accent: '#f4a261' },
  { bgTop: '#f2effb', bgBottom: '#dcd3f4', primary: '#7b61ff', secondary: '#2d2a4a', accent: '#ffb86b' },
  { bgTop: '#eaf3fb', bgBottom: '#cde0f3', primary: '#3a7bd5', secondary: '#1f2a44', accent: '#ff7a59' },
  { bgTop: '#fcf0f2', bgBottom: '#f4d3db', primary: '#d9577b', secondary: '#3b2c3f', accent: '#f7c548' },
  { bgTop: '#f8f4ec', bgBottom: '#e9dcc6', primary: '#c58940', secondary: '#3e3a36', accent: '#5b8e7d' },
  { bgTop: '#f1f5ed', bgBottom: '#d6e3cc', primary: '#6b8f71', secondary: '#2e3b32', accent: '#e07a5f' },
  { bgTop: '#fff8e6', bgBottom: '#f7e4b0', primary: '#f29e4c', secondary: '#37323e', accent: '#4d9de0' },
  { bgTop: '#eef1f7', bgBottom: '#d4dbea', primary: '#ff6b6b', secondary: '#22304a', accent: '#4ecdc4' },
  { bgTop: '#f6eff7', bgBottom: '#e5d2e8', primary: '#9b5de5', secondary: '#2b193d', accent: '#f15bb5' },
  { bgTop: '#eef7f8', bgBottom: '#cfe7ea', primary: '#118ab2', secondary: '#073b4c', accent: '#ffd166' },
  { bgTop: '#fbf1ee', bgBottom: '#efd5cc', primary: '#b5525c', secondary: '#2e2a35', accent: '#e9b872' },
];

// ---------------------------------------------------------------------------------------------
// Product illustrations. Canvas 600x600, objects centred on x = 300 and resting on y ≈ 456.
// ---------------------------------------------------------------------------------------------

interface DrawContext {
  p: Palette;
  rnd: () => number;
}

type Drawing = (ctx: DrawContext) => string;

/** The screen gradient `#screen` is defined for every photo; devices use it. */
function headphones({ p }: DrawContext): string {
  const cupDark = darken(p.primary, 0.18);
  return `
  <path d="M178 350 A122 150 0 0 1 422 350" fill="none" stroke="${p.secondary}" stroke-width="22" stroke-linecap="round"/>
  <path d="M230 226 A122 150 0 0 1 370 226" fill="none" stroke="${lighten(p.secondary, 0.25)}" stroke-width="30" stroke-linecap="round"/>
  <rect x="170" y="322" width="16" height="40" rx="6" fill="${darken(p.secondary, 0.2)}"/>
  <rect x="414" y="322" width="16" height="40" rx="6" fill="${darken(p.secondary, 0.2)}"/>
  <rect x="134" y="334" width="78" height="122" rx="34" fill="${p.primary}"/>
  <rect x="134" y="334" width="78" height="122" rx="34" fill="url(#sideShade)"/>
  <rect x="194" y="344" width="30" height="102" rx="15" fill="${p.secondary}"/>
  <rect x="148" y="352" width="12" height="64" rx="6" fill="#fff" opacity="0.3"/>
  <circle cx="172" cy="436" r="4.5" fill="${p.accent}"/>
  <rect x="388" y="334" width="78" height="122" rx="34" fill="${cupDark}"/>
  <rect x="376" y="344" width="30" height="102" rx="15" fill="${p.secondary}"/>
  <rect x="440" y="352" width="10" height="64" rx="5" fill="#fff" opacity="0.18"/>`;
}

function smartphone({ p }: DrawContext): string {
  return `
  <rect x="378" y="214" width="6" height="44" rx="3" fill="${darken(p.secondary, 0.2)}"/>
  <rect x="222" y="138" width="158" height="318" rx="30" fill="${p.secondary}"/>
  <rect x="232" y="149" width="138" height="296" rx="21" fill="url(#screen)"/>
  <rect x="281" y="160" width="40" height="12" rx="6" fill="${p.secondary}"/>
  <circle cx="301" cy="248" r="46" fill="#fff" opacity="0.22"/>
  <circle cx="301" cy="248" r="24" fill="#fff" opacity="0.35"/>
  <rect x="254" y="318" width="94" height="11" rx="5.5" fill="#fff" opacity="0.75"/>
  <rect x="270" y="338" width="62" height="8" rx="4" fill="#fff" opacity="0.45"/>
  <circle cx="264" cy="392" r="12" fill="#fff" opacity="0.45"/>
  <circle cx="301" cy="392" r="18" fill="#fff" opacity="0.9"/>
  <circle cx="338" cy="392" r="12" fill="#fff" opacity="0.45"/>
  <path d="M240 260 L360 160 L370 160 L370 196 L240 304 Z" fill="#fff" opacity="0.08"/>`;
}

function laptop({ p }: DrawContext): string {
  const silver = mix(p.secondary, '#ffffff', 0.72);
  return `
  <rect x="162" y="196" width="276" height="186" rx="14" fill="${p.secondary}"/>
  <rect x="174" y="208" width="252" height="158" rx="6" fill="url(#screen)"/>
  <circle cx="300" cy="202" r="2.5" fill="${lighten(p.secondary, 0.3)}"/>
  <rect x="192" y="226" width="124" height="84" rx="8" fill="#fff" opacity="0.32"/>
  <rect x="326" y="226" width="82" height="38" rx="8" fill="#fff" opacity="0.22"/>
  <rect x="326" y="272" width="82" height="38" rx="8" fill="#fff" opacity="0.22"/>
  <rect x="192" y="324" width="216" height="11" rx="5.5" fill="#fff" opacity="0.4"/>
  <rect x="192" y="343" width="140" height="8" rx="4" fill="#fff" opacity="0.25"/>
  <path d="M162 382 L438 382 L490 420 Q494 426 486 426 L114 426 Q106 426 110 420 Z" fill="${silver}"/>
  <path d="M196 388 L404 388 L420 402 L180 402 Z" fill="${p.secondary}" opacity="0.14"/>
  <path d="M262 408 L338 408 L341 418 L259 418 Z" fill="${p.secondary}" opacity="0.1"/>
  <rect x="108" y="425" width="384" height="12" rx="6" fill="${darken(silver, 0.18)}"/>
  <rect x="270" y="425" width="60" height="5" rx="2.5" fill="${darken(silver, 0.3)}"/>`;
}

function bookSpine(x: number, y: number, w: number, h: number, color: string, band: string): string {
  return `
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${color}"/>
  <rect x="${x + 22}" y="${y}" width="10" height="${h}" fill="${band}" opacity="0.85"/>
  <rect x="${x + w - 32}" y="${y}" width="10" height="${h}" fill="${band}" opacity="0.85"/>
  <rect x="${x + w / 2 - 34}" y="${y + h / 2 - 4}" width="68" height="8" rx="4" fill="#fff" opacity="0.55"/>
  <rect x="${x}" y="${y + h - 6}" width="${w}" height="6" rx="3" fill="#000" opacity="0.1"/>`;
}

function bookPages(x: number, y: number, w: number, h: number, color: string): string {
  const lines = [0.35, 0.55, 0.75]
    .map(
      (t) => `<rect x="${x + 16}" y="${r1(y + h * t)}" width="${w - 18}" height="1.6" fill="#c9bba5" opacity="0.8"/>`,
    )
    .join('');
  return `
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${color}"/>
  <rect x="${x + 12}" y="${y + 6}" width="${w - 12}" height="${h - 12}" rx="2" fill="#fbf6ec"/>
  ${lines}`;
}

function bookStack({ p }: DrawContext): string {
  return `
  ${bookSpine(156, 404, 288, 52, p.primary, lighten(p.primary, 0.45))}
  ${bookPages(178, 362, 250, 42, p.secondary)}
  ${bookSpine(168, 322, 236, 40, p.accent, lighten(p.accent, 0.5))}
  <g transform="rotate(-5 300 300)">${bookPages(200, 286, 196, 36, darken(p.primary, 0.15))}</g>
  <path d="M348 282 C 352 250, 372 236, 392 232 C 390 254, 374 276, 348 282 Z" fill="${mix(p.accent, '#5b8e7d', 0.6)}"/>
  <path d="M348 282 C 338 258, 318 248, 300 248 C 306 268, 326 282, 348 282 Z" fill="${mix(p.accent, '#5b8e7d', 0.8)}"/>`;
}

function uprightBook(x: number, w: number, h: number, color: string): string {
  const y = 456 - h;
  return `
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${color}"/>
  <rect x="${x}" y="${y + 18}" width="${w}" height="8" fill="#fff" opacity="0.45"/>
  <rect x="${x}" y="${y + h - 30}" width="${w}" height="8" fill="#fff" opacity="0.45"/>
  <rect x="${x + w / 2 - 5}" y="${y + 46}" width="10" height="${Math.max(30, h - 110)}" rx="5" fill="#fff" opacity="0.28"/>
  <rect x="${x + w - 6}" y="${y}" width="6" height="${h}" fill="#000" opacity="0.08"/>`;
}

function bookRow({ p }: DrawContext): string {
  const soft = lighten(p.primary, 0.35);
  return `
  <rect x="150" y="330" width="16" height="126" rx="4" fill="${darken(p.secondary, 0.1)}"/>
  <rect x="138" y="444" width="40" height="12" rx="4" fill="${darken(p.secondary, 0.1)}"/>
  ${uprightBook(168, 46, 214, p.primary)}
  ${uprightBook(216, 36, 180, p.secondary)}
  ${uprightBook(254, 52, 232, p.accent)}
  ${uprightBook(308, 38, 196, soft)}
  <g transform="rotate(-15 398 456)">${uprightBook(398, 38, 204, darken(p.primary, 0.2))}</g>`;
}

function openBook({ p }: DrawContext): string {
  const lines: string[] = [];
  for (let i = 0; i < 7; i++) {
    const y = 282 + i * 19;
    lines.push(
      `<path d="M172 ${y} Q230 ${y - 11} 282 ${y + 7}" fill="none" stroke="${p.secondary}" stroke-opacity="0.22" stroke-width="3.5" stroke-linecap="round"/>`,
    );
    if (i !== 3) {
      lines.push(
        `<path d="M428 ${y} Q370 ${y - 11} 318 ${y + 7}" fill="none" stroke="${p.secondary}" stroke-opacity="0.22" stroke-width="3.5" stroke-linecap="round"/>`,
      );
    }
  }
  return `
  <path d="M300 270 C255 246 195 244 136 258 L136 440 C195 426 255 428 300 452 C345 428 405 426 464 440 L464 258 C405 244 345 246 300 270 Z" fill="${p.primary}"/>
  <path d="M300 256 C260 230 200 228 148 244 L148 424 C200 410 260 410 300 436 Z" fill="#fffaf1"/>
  <path d="M300 256 C340 230 400 228 452 244 L452 424 C400 410 340 410 300 436 Z" fill="#f6eee0"/>
  <path d="M300 256 L300 436" stroke="${p.secondary}" stroke-opacity="0.15" stroke-width="3"/>
  ${lines.join('\n  ')}
  <circle cx="372" cy="346" r="22" fill="${p.accent}" opacity="0.75"/>
  <path d="M306 436 L322 436 L322 478 L314 470 L306 478 Z" fill="${p.accent}"/>`;
}

function mug({ p }: DrawContext): string {
  const steam = lighten(p.secondary, 0.55);
  return `
  <ellipse cx="292" cy="452" rx="118" ry="14" fill="${lighten(p.secondary, 0.78)}"/>
  <ellipse cx="292" cy="448" rx="96" ry="8" fill="${lighten(p.secondary, 0.66)}"/>
  <path d="M366 318 C438 312, 438 412, 364 406" fill="none" stroke="${darken(p.primary, 0.12)}" stroke-width="20" stroke-linecap="round"/>
  <path d="M212 292 L372 292 L372 408 Q372 446 334 446 L250 446 Q212 446 212 408 Z" fill="${p.primary}"/>
  <path d="M212 292 L372 292 L372 408 Q372 446 334 446 L250 446 Q212 446 212 408 Z" fill="url(#sideShade)"/>
  <rect x="212" y="346" width="160" height="24" fill="${p.accent}"/>
  <rect x="212" y="376" width="160" height="6" fill="${p.accent}" opacity="0.6"/>
  <ellipse cx="292" cy="292" rx="80" ry="14" fill="${darken(p.primary, 0.2)}"/>
  <ellipse cx="292" cy="294" rx="70" ry="9" fill="#6b4430"/>
  <rect x="226" y="306" width="11" height="118" rx="5.5" fill="#fff" opacity="0.28"/>
  <path d="M262 266 C248 246, 276 232, 262 208" fill="none" stroke="${steam}" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>
  <path d="M294 258 C280 236, 308 222, 294 190" fill="none" stroke="${steam}" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>
  <path d="M326 266 C312 246, 340 232, 326 208" fill="none" stroke="${steam}" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>`;
}

function fryingPan({ p }: DrawContext): string {
  const metal = p.secondary;
  return `
  <g transform="rotate(-12 392 368)">
    <rect x="380" y="356" width="168" height="24" rx="12" fill="${p.primary}"/>
    <rect x="380" y="356" width="168" height="8" rx="4" fill="#fff" opacity="0.18"/>
    <circle cx="528" cy="368" r="6" fill="${darken(p.primary, 0.35)}"/>
    <rect x="376" y="360" width="26" height="16" rx="4" fill="${darken(metal, 0.1)}"/>
  </g>
  <ellipse cx="248" cy="396" rx="142" ry="60" fill="${darken(metal, 0.25)}"/>
  <ellipse cx="248" cy="380" rx="144" ry="62" fill="${metal}"/>
  <ellipse cx="248" cy="380" rx="130" ry="52" fill="${lighten(metal, 0.12)}"/>
  <ellipse cx="248" cy="386" rx="122" ry="46" fill="${darken(metal, 0.08)}"/>
  <path d="M196 376 C186 350, 226 340, 246 350 C270 340, 306 356, 296 380 C306 402, 262 414, 236 406 C206 412, 184 396, 196 376 Z" fill="#fffdf6"/>
  <ellipse cx="246" cy="376" rx="22" ry="17" fill="#ffc23a"/>
  <ellipse cx="240" cy="370" rx="7" ry="4" fill="#fff" opacity="0.6"/>
  <path d="M150 360 Q180 338 226 334" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="6" stroke-linecap="round"/>`;
}

function teapot({ p }: DrawContext): string {
  const body = p.primary;
  return `
  <path d="M408 330 C476 322, 478 414, 398 418" fill="none" stroke="${darken(body, 0.15)}" stroke-width="18" stroke-linecap="round"/>
  <path d="M206 372 C160 366, 146 322, 118 296 L134 284 C166 306, 180 330, 214 338 Z" fill="${darken(body, 0.08)}"/>
  <rect x="236" y="436" width="128" height="20" rx="7" fill="${darken(body, 0.25)}"/>
  <ellipse cx="300" cy="368" rx="118" ry="84" fill="${body}"/>
  <ellipse cx="300" cy="368" rx="118" ry="84" fill="url(#sideShade)"/>
  <path d="M186 352 Q300 376 414 352 L416 372 Q300 396 184 372 Z" fill="${p.accent}" opacity="0.9"/>
  <ellipse cx="300" cy="290" rx="70" ry="14" fill="${darken(body, 0.2)}"/>
  <path d="M238 292 Q300 226 362 292 Z" fill="${lighten(body, 0.12)}"/>
  <circle cx="300" cy="250" r="13" fill="${p.accent}"/>
  <ellipse cx="248" cy="326" rx="28" ry="12" transform="rotate(-28 248 326)" fill="#fff" opacity="0.3"/>`;
}

function tshirtPath(): string {
  return 'M258 176 L204 194 L140 244 L172 302 L210 282 L210 448 Q300 458 390 448 L390 282 L428 302 L460 244 L396 194 L342 176 Q300 214 258 176 Z';
}

function tshirt({ p, rnd }: DrawContext): string {
  const path = tshirtPath();
  const striped = rnd() < 0.5;
  const decoration = striped
    ? `<g clip-path="url(#shirtClip)">
      <rect x="100" y="300" width="400" height="22" fill="${p.secondary}" opacity="0.85"/>
      <rect x="100" y="340" width="400" height="22" fill="${p.secondary}" opacity="0.85"/>
      <rect x="100" y="380" width="400" height="22" fill="${p.secondary}" opacity="0.85"/>
    </g>`
    : `<circle cx="300" cy="300" r="36" fill="${p.accent}"/>
    <path d="M270 316 L292 288 L304 302 L314 292 L332 316 Z" fill="${lighten(p.accent, 0.7)}"/>`;
  return `
  <defs><clipPath id="shirtClip"><path d="${path}"/></clipPath></defs>
  <path d="${path}" fill="${p.primary}" stroke="${p.primary}" stroke-width="10" stroke-linejoin="round"/>
  ${decoration}
  <path d="M258 176 Q300 214 342 176" fill="none" stroke="${darken(p.primary, 0.22)}" stroke-width="10" stroke-linecap="round"/>
  <path d="M148 254 L178 298" stroke="${darken(p.primary, 0.18)}" stroke-width="6" stroke-linecap="round"/>
  <path d="M452 254 L422 298" stroke="${darken(p.primary, 0.18)}" stroke-width="6" stroke-linecap="round"/>
  <path d="M212 282 Q222 300 214 330" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="6" stroke-linecap="round"/>
  <path d="M388 282 Q378 300 386 330" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="6" stroke-linecap="round"/>
  <path d="M300 176 L300 150 C300 132, 324 132, 324 146" fill="none" stroke="${darken(p.secondary, 0.1)}" stroke-width="6" stroke-linecap="round"/>`;
}

function sweater({ p }: DrawContext): string {
  const path =
    'M258 176 L202 194 Q166 208 156 250 L128 416 L172 424 L206 292 L210 446 Q300 454 390 446 L394 292 L428 424 L472 416 L444 250 Q434 208 398 194 L342 176 Q300 214 258 176 Z';
  const zig: string[] = [];
  for (let x = 210; x < 390; x += 20) zig.push(`L${x + 10} 296 L${x + 20} 312`);
  const ribs: string[] = [];
  for (let x = 222; x < 390; x += 14)
    ribs.push(`<rect x="${x}" y="428" width="4" height="20" rx="2" fill="#000" opacity="0.1"/>`);
  return `
  <defs><clipPath id="sweaterClip"><path d="${path}"/></clipPath></defs>
  <path d="${path}" fill="${p.primary}" stroke="${p.primary}" stroke-width="10" stroke-linejoin="round"/>
  <g clip-path="url(#sweaterClip)">
    <path d="M200 312 ${zig.join(' ')}" fill="none" stroke="${p.accent}" stroke-width="8" stroke-linejoin="round"/>
    <rect x="120" y="336" width="400" height="8" fill="${lighten(p.primary, 0.5)}"/>
    <rect x="200" y="424" width="200" height="30" fill="${darken(p.primary, 0.15)}"/>
  </g>
  ${ribs.join('')}
  <path d="M128 416 L172 424 L168 446 L124 438 Z" fill="${darken(p.primary, 0.15)}" stroke="${darken(p.primary, 0.15)}" stroke-width="6" stroke-linejoin="round"/>
  <path d="M472 416 L428 424 L432 446 L476 438 Z" fill="${darken(p.primary, 0.15)}" stroke="${darken(p.primary, 0.15)}" stroke-width="6" stroke-linejoin="round"/>
  <path d="M256 178 Q300 222 344 178" fill="none" stroke="${darken(p.primary, 0.15)}" stroke-width="14" stroke-linecap="round"/>`;
}

function cap({ p }: DrawContext): string {
  const seam = darken(p.primary, 0.2);
  const crown = 'M168 434 C164 326 226 262 300 260 C376 258 430 318 430 428 Z';
  return `
  <defs><clipPath id="capClip"><path d="${crown}"/></clipPath></defs>
  <g transform="translate(-40 0)">
    <path d="M360 414 C440 400 514 410 548 432 C555 438 550 450 536 450 C494 448 440 448 360 446 Z" fill="${darken(p.primary, 0.24)}"/>
    <path d="M432 408 C480 406 522 416 546 432" fill="none" stroke="#fff" stroke-opacity="0.15" stroke-width="4" stroke-linecap="round"/>
    <path d="${crown}" fill="${p.primary}"/>
    <path d="${crown}" fill="url(#sideShade)"/>
    <g clip-path="url(#capClip)">
      <rect x="150" y="412" width="300" height="30" fill="${darken(p.primary, 0.16)}"/>
      <path d="M300 262 C332 300 348 360 350 432" fill="none" stroke="${seam}" stroke-width="4"/>
      <path d="M300 262 C256 300 232 360 228 432" fill="none" stroke="${seam}" stroke-width="3.5" opacity="0.7"/>
    </g>
    <ellipse cx="300" cy="260" rx="15" ry="8" fill="${seam}"/>
    <circle cx="390" cy="350" r="21" fill="${p.accent}"/>
    <path d="M377 357 L388 341 L395 350 L400 345 L405 357 Z" fill="${lighten(p.accent, 0.7)}"/>
    <path d="M206 330 C214 300 236 282 258 274" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="9" stroke-linecap="round"/>
  </g>`;
}

function ball({ p }: DrawContext): string {
  const seam = darken(p.primary, 0.38);
  return `
  <defs><radialGradient id="ballShade" cx="0.36" cy="0.32" r="0.75">
    <stop offset="0" stop-color="${lighten(p.primary, 0.28)}"/>
    <stop offset="0.55" stop-color="${p.primary}"/>
    <stop offset="1" stop-color="${darken(p.primary, 0.22)}"/>
  </radialGradient></defs>
  <circle cx="300" cy="338" r="118" fill="url(#ballShade)"/>
  <path d="M300 220 L300 456 M182 338 L418 338 M214 256 C256 300 256 376 214 420 M386 256 C344 300 344 376 386 420" fill="none" stroke="${seam}" stroke-width="6" stroke-linecap="round"/>
  <ellipse cx="256" cy="284" rx="26" ry="14" transform="rotate(-35 256 284)" fill="#fff" opacity="0.28"/>`;
}

function dumbbell({ p }: DrawContext): string {
  const metal = mix(p.secondary, '#ffffff', 0.62);
  const plates = (x: number, dir: 1 | -1) => {
    const outer = dir === 1 ? x : x - 34;
    const inner = dir === 1 ? x + 34 : x - 60;
    return `
  <rect x="${outer}" y="286" width="34" height="170" rx="12" fill="${p.secondary}"/>
  <rect x="${outer + 6}" y="296" width="8" height="120" rx="4" fill="#fff" opacity="0.12"/>
  <rect x="${inner}" y="310" width="26" height="122" rx="9" fill="${p.primary}"/>
  <rect x="${inner + 5}" y="318" width="6" height="90" rx="3" fill="#fff" opacity="0.22"/>`;
  };
  const knurl: string[] = [];
  for (let x = 262; x <= 336; x += 8)
    knurl.push(`<rect x="${x}" y="362" width="3" height="18" fill="#000" opacity="0.12"/>`);
  return `
  <rect x="150" y="356" width="300" height="30" rx="12" fill="${metal}"/>
  <rect x="150" y="358" width="300" height="7" rx="3.5" fill="#fff" opacity="0.45"/>
  ${knurl.join('')}
  <rect x="134" y="352" width="24" height="38" rx="8" fill="${darken(metal, 0.2)}"/>
  <rect x="442" y="352" width="24" height="38" rx="8" fill="${darken(metal, 0.2)}"/>
  ${plates(156, 1)}
  ${plates(444, -1)}`;
}

function kettlebell({ p }: DrawContext): string {
  return `
  <path d="M234 350 C204 206, 396 206, 366 350" fill="none" stroke="${lighten(p.secondary, 0.08)}" stroke-width="24" stroke-linecap="round"/>
  <path d="M232 300 C230 262, 256 240, 290 236" fill="none" stroke="#fff" stroke-opacity="0.2" stroke-width="6" stroke-linecap="round"/>
  <rect x="248" y="432" width="104" height="24" rx="8" fill="${darken(p.secondary, 0.15)}"/>
  <circle cx="300" cy="368" r="90" fill="${p.secondary}"/>
  <circle cx="300" cy="368" r="90" fill="url(#sideShade)"/>
  <circle cx="300" cy="380" r="36" fill="${p.accent}"/>
  <rect x="284" y="366" width="32" height="8" rx="4" fill="${lighten(p.accent, 0.7)}"/>
  <rect x="284" y="384" width="32" height="8" rx="4" fill="${lighten(p.accent, 0.7)}"/>
  <ellipse cx="256" cy="322" rx="24" ry="12" transform="rotate(-40 256 322)" fill="#fff" opacity="0.2"/>`;
}

function pumpBottleAndJar({ p }: DrawContext): string {
  const jar = lighten(p.primary, 0.55);
  return `
  <g transform="translate(-26 0)">
    <rect x="256" y="184" width="18" height="44" fill="${p.secondary}"/>
    <rect x="240" y="170" width="52" height="20" rx="7" fill="${p.secondary}"/>
    <path d="M290 174 L326 174 Q334 174 334 182 L334 186 L290 186 Z" fill="${p.secondary}"/>
    <rect x="244" y="222" width="42" height="28" rx="5" fill="${darken(p.secondary, 0.1)}"/>
    <rect x="206" y="244" width="118" height="212" rx="26" fill="${p.primary}"/>
    <rect x="206" y="244" width="118" height="212" rx="26" fill="url(#sideShade)"/>
    <rect x="222" y="314" width="86" height="94" rx="10" fill="#fffaf3" opacity="0.92"/>
    <circle cx="265" cy="342" r="13" fill="${p.accent}"/>
    <rect x="238" y="366" width="54" height="7" rx="3.5" fill="${p.secondary}" opacity="0.35"/>
    <rect x="246" y="381" width="38" height="5" rx="2.5" fill="${p.secondary}" opacity="0.25"/>
    <rect x="218" y="262" width="10" height="44" rx="5" fill="#fff" opacity="0.3"/>
    <rect x="318" y="378" width="128" height="78" rx="18" fill="${jar}"/>
    <rect x="318" y="402" width="128" height="28" fill="#fff" opacity="0.55"/>
    <rect x="312" y="350" width="140" height="36" rx="10" fill="${p.secondary}"/>
    <rect x="312" y="352" width="140" height="8" rx="4" fill="#fff" opacity="0.12"/>
    <rect x="330" y="384" width="8" height="60" rx="4" fill="#fff" opacity="0.35"/>
  </g>`;
}

function dropperBottle({ p }: DrawContext): string {
  const leaf = mix(p.accent, '#6b8f71', 0.65);
  return `
  <path d="M210 456 C200 400, 196 350, 208 300" fill="none" stroke="${darken(leaf, 0.15)}" stroke-width="4" stroke-linecap="round"/>
  <path d="M208 330 C180 322, 168 300, 166 282 C190 284, 206 304, 208 330 Z" fill="${leaf}"/>
  <path d="M204 380 C232 372, 244 352, 246 336 C222 338, 206 356, 204 380 Z" fill="${lighten(leaf, 0.15)}"/>
  <path d="M202 424 C174 418, 162 398, 160 380 C184 382, 200 402, 202 424 Z" fill="${leaf}"/>
  <path d="M284 256 L284 196 Q284 166 300 166 Q316 166 316 196 L316 256 Z" fill="${p.secondary}"/>
  <rect x="290" y="176" width="6" height="40" rx="3" fill="#fff" opacity="0.2"/>
  <rect x="270" y="244" width="60" height="20" rx="5" fill="${p.accent}"/>
  <rect x="278" y="262" width="44" height="22" fill="${darken(p.primary, 0.25)}"/>
  <rect x="236" y="280" width="128" height="176" rx="28" fill="${p.primary}"/>
  <rect x="236" y="340" width="128" height="116" rx="0" fill="${darken(p.primary, 0.15)}" clip-path="url(#dropperClip)"/>
  <defs><clipPath id="dropperClip"><rect x="236" y="280" width="128" height="176" rx="28"/></clipPath></defs>
  <rect x="256" y="318" width="88" height="96" rx="10" fill="#fffaf3" opacity="0.94"/>
  <circle cx="300" cy="346" r="12" fill="${p.accent}"/>
  <rect x="274" y="370" width="52" height="7" rx="3.5" fill="${p.secondary}" opacity="0.35"/>
  <rect x="282" y="385" width="36" height="5" rx="2.5" fill="${p.secondary}" opacity="0.25"/>
  <rect x="246" y="296" width="10" height="140" rx="5" fill="#fff" opacity="0.3"/>`;
}

function lipstick({ p }: DrawContext): string {
  const gold = p.accent;
  return `
  <g transform="translate(-46 0)">
    <path d="M274 304 L274 226 Q274 214 286 208 L318 188 Q330 182 330 196 L330 304 Z" fill="${p.primary}"/>
    <path d="M274 304 L274 226 Q274 214 286 208 L292 205 L292 304 Z" fill="#fff" opacity="0.2"/>
    <rect x="264" y="296" width="76" height="54" rx="4" fill="${gold}"/>
    <rect x="272" y="300" width="8" height="46" rx="4" fill="#fff" opacity="0.35"/>
    <rect x="256" y="344" width="92" height="112" rx="10" fill="${p.secondary}"/>
    <rect x="266" y="356" width="10" height="88" rx="5" fill="#fff" opacity="0.15"/>
    <rect x="256" y="392" width="92" height="6" fill="${gold}"/>
    <rect x="366" y="402" width="120" height="54" rx="10" fill="${p.secondary}"/>
    <rect x="366" y="402" width="14" height="54" rx="4" fill="${gold}"/>
    <rect x="390" y="410" width="84" height="8" rx="4" fill="#fff" opacity="0.15"/>
  </g>`;
}

function cube(x: number, y: number, s: number, color: string, motif: number, rotate = 0): string {
  const d = s * 0.22;
  const cx = x + s / 2;
  const cy = y + s / 2;
  const ink = '#ffffff';
  const motifs = [
    `<circle cx="${cx}" cy="${cy}" r="${s * 0.24}" fill="${ink}" opacity="0.9"/>`,
    `<path d="M${cx} ${cy - s * 0.26} L${cx + s * 0.27} ${cy + s * 0.2} L${cx - s * 0.27} ${cy + s * 0.2} Z" fill="${ink}" opacity="0.9" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>`,
    `<rect x="${cx - s * 0.2}" y="${cy - s * 0.2}" width="${s * 0.4}" height="${s * 0.4}" rx="6" fill="${ink}" opacity="0.9"/>`,
    `<path d="M${cx} ${cy + s * 0.24} C${cx - s * 0.42} ${cy - s * 0.04}, ${cx - s * 0.16} ${cy - s * 0.36}, ${cx} ${cy - s * 0.12} C${cx + s * 0.16} ${cy - s * 0.36}, ${cx + s * 0.42} ${cy - s * 0.04}, ${cx} ${cy + s * 0.24} Z" fill="${ink}" opacity="0.9"/>`,
  ];
  return `<g transform="rotate(${rotate} ${cx} ${y + s})">
    <path d="M${x} ${y} L${x + d} ${y - d} L${x + s + d} ${y - d} L${x + s} ${y} Z" fill="${lighten(color, 0.3)}"/>
    <path d="M${x + s} ${y} L${x + s + d} ${y - d} L${x + s + d} ${y + s - d} L${x + s} ${y + s} Z" fill="${darken(color, 0.18)}"/>
    <rect x="${x}" y="${y}" width="${s}" height="${s}" rx="4" fill="${color}"/>
    ${pick(motifs, motif)}
  </g>`;
}

function blocks({ p, rnd }: DrawContext): string {
  const first = Math.floor(rnd() * 4);
  return `
  ${cube(172, 346, 110, p.primary, first)}
  ${cube(290, 346, 110, p.accent, first + 1)}
  ${cube(236, 226, 108, p.secondary, first + 2, -6)}`;
}

function teddy({ p }: DrawContext): string {
  const fur = mix(p.primary, '#c68b59', 0.55);
  const light = lighten(fur, 0.45);
  const dark = darken(fur, 0.18);
  return `
  <ellipse cx="300" cy="384" rx="84" ry="74" fill="${fur}"/>
  <ellipse cx="300" cy="396" rx="48" ry="44" fill="${light}"/>
  <ellipse cx="218" cy="364" rx="26" ry="48" transform="rotate(34 218 364)" fill="${dark}"/>
  <ellipse cx="382" cy="364" rx="26" ry="48" transform="rotate(-34 382 364)" fill="${dark}"/>
  <ellipse cx="240" cy="436" rx="42" ry="26" fill="${fur}"/>
  <ellipse cx="360" cy="436" rx="42" ry="26" fill="${fur}"/>
  <ellipse cx="222" cy="438" rx="16" ry="18" fill="${light}"/>
  <ellipse cx="378" cy="438" rx="16" ry="18" fill="${light}"/>
  <circle cx="244" cy="198" r="30" fill="${fur}"/>
  <circle cx="356" cy="198" r="30" fill="${fur}"/>
  <circle cx="244" cy="198" r="16" fill="${light}"/>
  <circle cx="356" cy="198" r="16" fill="${light}"/>
  <circle cx="300" cy="254" r="74" fill="${fur}"/>
  <ellipse cx="300" cy="282" rx="34" ry="26" fill="${light}"/>
  <ellipse cx="300" cy="270" rx="12" ry="9" fill="${p.secondary}"/>
  <path d="M300 279 L300 290 M288 292 Q300 302 312 292" fill="none" stroke="${p.secondary}" stroke-width="4" stroke-linecap="round"/>
  <circle cx="270" cy="242" r="8" fill="${p.secondary}"/>
  <circle cx="330" cy="242" r="8" fill="${p.secondary}"/>
  <circle cx="272.5" cy="239.5" r="2.6" fill="#fff"/>
  <circle cx="332.5" cy="239.5" r="2.6" fill="#fff"/>
  <ellipse cx="252" cy="276" rx="12" ry="7" fill="#ff8fa3" opacity="0.35"/>
  <ellipse cx="348" cy="276" rx="12" ry="7" fill="#ff8fa3" opacity="0.35"/>
  <path d="M300 332 L266 314 L266 350 Z M300 332 L334 314 L334 350 Z" fill="${p.accent}" stroke="${p.accent}" stroke-width="6" stroke-linejoin="round"/>
  <circle cx="300" cy="332" r="10" fill="${darken(p.accent, 0.15)}"/>`;
}

function rocket({ p }: DrawContext): string {
  return `
  <defs>
    <linearGradient id="rocketBody" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="0.55" stop-color="#f7f5f2"/>
      <stop offset="1" stop-color="#dedbe6"/>
    </linearGradient>
    <clipPath id="rocketClip"><path d="M300 146 C356 190, 366 280, 352 396 L248 396 C234 280, 244 190, 300 146 Z"/></clipPath>
  </defs>
  <path d="M254 318 L200 392 L204 456 L258 412 Z" fill="${p.primary}"/>
  <path d="M346 318 L400 392 L396 456 L342 412 Z" fill="${darken(p.primary, 0.15)}"/>
  <rect x="262" y="390" width="76" height="26" rx="8" fill="${p.secondary}"/>
  <path d="M300 146 C356 190, 366 280, 352 396 L248 396 C234 280, 244 190, 300 146 Z" fill="url(#rocketBody)"/>
  <g clip-path="url(#rocketClip)">
    <rect x="230" y="140" width="140" height="76" fill="${p.primary}"/>
    <rect x="230" y="352" width="140" height="20" fill="${p.accent}"/>
  </g>
  <circle cx="300" cy="276" r="32" fill="${p.accent}"/>
  <circle cx="300" cy="276" r="23" fill="${p.secondary}"/>
  <path d="M288 266 A14 14 0 0 1 306 260" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="5" stroke-linecap="round"/>
  <path d="M293 390 L307 390 L305 452 Q300 458 295 452 Z" fill="${darken(p.primary, 0.08)}"/>`;
}

function giftBox({ p }: DrawContext): string {
  return `
  <path d="M300 292 C262 228, 206 242, 226 280 C238 300, 276 298, 300 292 Z" fill="${p.accent}"/>
  <path d="M300 292 C338 228, 394 242, 374 280 C362 300, 324 298, 300 292 Z" fill="${darken(p.accent, 0.12)}"/>
  <rect x="204" y="320" width="192" height="136" rx="6" fill="${p.primary}"/>
  <rect x="336" y="320" width="60" height="136" fill="#000" opacity="0.07"/>
  <rect x="188" y="288" width="224" height="44" rx="7" fill="${lighten(p.primary, 0.12)}"/>
  <rect x="284" y="288" width="32" height="168" fill="${p.accent}"/>
  <rect x="188" y="332" width="224" height="7" fill="#000" opacity="0.08"/>
  <circle cx="300" cy="290" r="15" fill="${darken(p.accent, 0.18)}"/>`;
}

function keyboard({ p }: DrawContext): string {
  const keys: string[] = [];
  const rows = [
    { y: 300, count: 12, x: 136, w: 24 },
    { y: 332, count: 11, x: 148, w: 25 },
    { y: 364, count: 10, x: 160, w: 26 },
  ];
  for (const row of rows) {
    for (let i = 0; i < row.count; i++) {
      const x = row.x + i * (row.w + 4) + (row.y === 332 ? 4 : 0);
      const fill = (i + row.y) % 7 === 0 ? p.accent : lighten(p.secondary, 0.82);
      keys.push(`<rect x="${x}" y="${row.y}" width="${row.w}" height="26" rx="5" fill="${fill}"/>`);
      keys.push(`<rect x="${x}" y="${row.y + 20}" width="${row.w}" height="6" rx="3" fill="#000" opacity="0.12"/>`);
    }
  }
  return `
  <path d="M300 266 C300 230, 360 236, 372 196" fill="none" stroke="${p.secondary}" stroke-width="8" stroke-linecap="round"/>
  <rect x="112" y="276" width="376" height="172" rx="22" fill="${p.secondary}"/>
  <rect x="112" y="276" width="376" height="12" rx="6" fill="#fff" opacity="0.12"/>
  ${keys.join('\n  ')}
  <rect x="208" y="398" width="184" height="28" rx="6" fill="${lighten(p.secondary, 0.82)}"/>
  <rect x="208" y="418" width="184" height="8" rx="4" fill="#000" opacity="0.12"/>
  <rect x="136" y="398" width="60" height="28" rx="6" fill="${p.primary}"/>
  <rect x="404" y="398" width="60" height="28" rx="6" fill="${p.primary}"/>`;
}

function chargingPad({ p }: DrawContext): string {
  return `
  <ellipse cx="300" cy="420" rx="170" ry="40" fill="${darken(p.secondary, 0.1)}"/>
  <ellipse cx="300" cy="404" rx="170" ry="40" fill="${p.secondary}"/>
  <ellipse cx="300" cy="398" rx="150" ry="32" fill="${lighten(p.secondary, 0.15)}"/>
  <ellipse cx="300" cy="398" rx="92" ry="19" fill="none" stroke="${p.accent}" stroke-width="5" opacity="0.9"/>
  <path d="M312 210 L262 310 L300 310 L284 380 L344 270 L306 270 L326 210 Z" fill="${p.accent}"/>
  <path d="M180 432 C150 450, 120 452, 96 446" fill="none" stroke="${p.secondary}" stroke-width="8" stroke-linecap="round"/>`;
}

function speaker({ p }: DrawContext): string {
  const grille: string[] = [];
  for (let y = 236; y <= 404; y += 14) {
    for (let x = 246; x <= 354; x += 14) grille.push(`<circle cx="${x}" cy="${y}" r="3.2" fill="${darken(p.secondary, 0.25)}"/>`);
  }
  return `
  <rect x="222" y="196" width="156" height="260" rx="48" fill="${p.primary}"/>
  <rect x="222" y="196" width="156" height="260" rx="48" fill="url(#sideShade)"/>
  <rect x="236" y="224" width="128" height="196" rx="30" fill="${p.secondary}"/>
  ${grille.join('')}
  <rect x="262" y="168" width="76" height="40" rx="16" fill="none" stroke="${darken(p.primary, 0.2)}" stroke-width="10"/>
  <circle cx="300" cy="436" r="7" fill="${p.accent}"/>
  <rect x="236" y="214" width="10" height="60" rx="5" fill="#fff" opacity="0.25"/>`;
}

function smartwatch({ p }: DrawContext): string {
  return `
  <rect x="258" y="120" width="84" height="120" rx="18" fill="${p.primary}"/>
  <rect x="258" y="350" width="84" height="120" rx="18" fill="${p.primary}"/>
  <rect x="258" y="120" width="84" height="350" rx="18" fill="url(#sideShade)" opacity="0.6"/>
  <rect x="296" y="420" width="8" height="8" rx="4" fill="${darken(p.primary, 0.3)}"/>
  <rect x="296" y="440" width="8" height="8" rx="4" fill="${darken(p.primary, 0.3)}"/>
  <rect x="226" y="210" width="148" height="170" rx="42" fill="${p.secondary}"/>
  <rect x="372" y="264" width="12" height="34" rx="5" fill="${darken(p.secondary, 0.2)}"/>
  <rect x="240" y="224" width="120" height="142" rx="32" fill="url(#screen)"/>
  <text x="300" y="300" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff" opacity="0.9">10:09</text>
  <path d="M262 330 A40 40 0 0 1 338 330" fill="none" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/>`;
}

function cable({ p }: DrawContext): string {
  return `
  <path d="M190 420 C110 420, 120 300, 210 300 C300 300, 300 400, 390 400 C480 400, 480 260, 390 250 C320 242, 300 200, 330 170" fill="none" stroke="${p.primary}" stroke-width="18" stroke-linecap="round"/>
  <path d="M190 420 C110 420, 120 300, 210 300 C300 300, 300 400, 390 400 C480 400, 480 260, 390 250 C320 242, 300 200, 330 170" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="6 10" opacity="0.35"/>
  <rect x="176" y="404" width="70" height="34" rx="10" fill="${p.secondary}"/>
  <rect x="244" y="410" width="40" height="22" rx="6" fill="${mix(p.secondary, '#ffffff', 0.7)}"/>
  <rect x="318" y="126" width="34" height="56" rx="10" fill="${p.secondary}" transform="rotate(20 335 154)"/>
  <rect x="330" y="98" width="22" height="34" rx="5" fill="${mix(p.secondary, '#ffffff', 0.7)}" transform="rotate(20 341 115)"/>`;
}

function sneaker({ p }: DrawContext): string {
  return `
  <path d="M126 420 L126 356 C126 330, 150 318, 176 326 L246 346 C270 300, 300 268, 338 262 L360 260 C380 300, 420 330, 470 350 C494 360, 500 386, 496 420 Z" fill="${p.primary}"/>
  <path d="M126 420 L126 356 C126 330, 150 318, 176 326 L246 346 C270 300, 300 268, 338 262 L360 260 C380 300, 420 330, 470 350 C494 360, 500 386, 496 420 Z" fill="url(#sideShade)" opacity="0.5"/>
  <path d="M252 340 L330 330 M262 318 L336 306 M274 296 L342 284" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
  <path d="M150 372 C220 380, 300 380, 360 360" fill="none" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>
  <rect x="114" y="414" width="392" height="32" rx="14" fill="${lighten(p.secondary, 0.86)}"/>
  <rect x="114" y="436" width="392" height="12" rx="6" fill="${p.secondary}" opacity="0.35"/>`;
}

function tent({ p }: DrawContext): string {
  return `
  <path d="M300 150 L478 444 L122 444 Z" fill="${p.primary}"/>
  <path d="M300 150 L478 444 L370 444 Z" fill="${darken(p.primary, 0.16)}"/>
  <path d="M300 250 L352 444 L248 444 Z" fill="${p.secondary}"/>
  <path d="M300 250 L326 444 L300 444 Z" fill="${lighten(p.secondary, 0.15)}"/>
  <path d="M300 150 L300 120" stroke="${p.secondary}" stroke-width="6" stroke-linecap="round"/>
  <path d="M300 124 L330 134 L300 144 Z" fill="${p.accent}"/>
  <path d="M122 444 L90 456 M478 444 L510 456" stroke="${p.secondary}" stroke-width="4" stroke-linecap="round"/>
  <rect x="100" y="444" width="400" height="12" rx="6" fill="${p.secondary}" opacity="0.2"/>`;
}

function backpack({ p }: DrawContext): string {
  return `
  <path d="M262 196 C262 150, 338 150, 338 196" fill="none" stroke="${p.secondary}" stroke-width="16" stroke-linecap="round"/>
  <rect x="196" y="190" width="208" height="266" rx="60" fill="${p.primary}"/>
  <rect x="196" y="190" width="208" height="266" rx="60" fill="url(#sideShade)" opacity="0.6"/>
  <path d="M206 250 C250 228, 350 228, 394 250" fill="none" stroke="${darken(p.primary, 0.25)}" stroke-width="5"/>
  <rect x="226" y="320" width="148" height="110" rx="26" fill="${darken(p.primary, 0.14)}"/>
  <rect x="226" y="320" width="148" height="16" rx="8" fill="${p.secondary}" opacity="0.4"/>
  <rect x="290" y="342" width="20" height="30" rx="5" fill="${p.accent}"/>
  <rect x="182" y="280" width="22" height="120" rx="10" fill="${p.secondary}"/>
  <rect x="396" y="280" width="22" height="120" rx="10" fill="${p.secondary}"/>`;
}

function waterBottle({ p }: DrawContext): string {
  const steel = mix(p.secondary, '#ffffff', 0.72);
  return `
  <rect x="262" y="128" width="76" height="44" rx="14" fill="${p.secondary}"/>
  <path d="M282 128 C282 100, 318 100, 318 128" fill="none" stroke="${p.secondary}" stroke-width="10"/>
  <rect x="270" y="168" width="60" height="22" rx="6" fill="${steel}"/>
  <path d="M270 190 C236 206, 232 226, 232 252 L232 430 C232 446, 246 456, 262 456 L338 456 C354 456, 368 446, 368 430 L368 252 C368 226, 364 206, 330 190 Z" fill="${p.primary}"/>
  <path d="M270 190 C236 206, 232 226, 232 252 L232 430 C232 446, 246 456, 262 456 L338 456 C354 456, 368 446, 368 430 L368 252 C368 226, 364 206, 330 190 Z" fill="url(#sideShade)" opacity="0.6"/>
  <rect x="232" y="300" width="136" height="60" fill="${p.accent}" opacity="0.85"/>
  <rect x="246" y="230" width="12" height="180" rx="6" fill="#fff" opacity="0.25"/>`;
}

function yogaMat({ p }: DrawContext): string {
  return `
  <rect x="140" y="404" width="320" height="40" rx="8" fill="${p.primary}" opacity="0.85"/>
  <ellipse cx="300" cy="330" rx="150" ry="74" fill="${p.primary}"/>
  <ellipse cx="300" cy="330" rx="150" ry="74" fill="url(#sideShade)" opacity="0.5"/>
  <ellipse cx="426" cy="330" rx="30" ry="74" fill="${lighten(p.primary, 0.2)}"/>
  <ellipse cx="426" cy="330" rx="20" ry="52" fill="none" stroke="${darken(p.primary, 0.2)}" stroke-width="5"/>
  <ellipse cx="426" cy="330" rx="9" ry="26" fill="none" stroke="${darken(p.primary, 0.2)}" stroke-width="4"/>
  <path d="M210 258 L210 402 M330 258 L330 402" stroke="${p.secondary}" stroke-width="10"/>`;
}

function racer({ p }: DrawContext): string {
  const wheel = (x: number) => `
  <circle cx="${x}" cy="418" r="38" fill="${p.secondary}"/>
  <circle cx="${x}" cy="418" r="16" fill="${mix(p.secondary, '#ffffff', 0.7)}"/>`;
  return `
  <path d="M120 400 L130 346 C136 330, 150 322, 170 320 L232 316 L276 270 C286 260, 300 256, 314 256 L382 256 C398 256, 410 266, 418 280 L440 320 L474 328 C490 332, 498 346, 496 362 L490 400 Z" fill="${p.primary}"/>
  <path d="M290 276 L376 276 L404 318 L256 318 Z" fill="url(#screen)"/>
  <path d="M330 276 L330 318" stroke="${p.primary}" stroke-width="6"/>
  <rect x="140" y="350" width="340" height="10" rx="5" fill="${p.accent}"/>
  <path d="M440 230 L440 300" stroke="${p.secondary}" stroke-width="5" stroke-linecap="round"/>
  <circle cx="440" cy="226" r="7" fill="${p.accent}"/>
  ${wheel(196)}
  ${wheel(418)}`;
}

function hairDryer({ p }: DrawContext): string {
  return `
  <path d="M258 300 L236 440 C234 452, 244 458, 256 458 L286 458 C296 458, 302 450, 300 440 L300 320 Z" fill="${p.secondary}"/>
  <rect x="244" y="350" width="44" height="10" rx="5" fill="${p.accent}"/>
  <rect x="170" y="196" width="250" height="120" rx="60" fill="${p.primary}"/>
  <rect x="170" y="196" width="250" height="120" rx="60" fill="url(#sideShade)" opacity="0.5"/>
  <rect x="404" y="214" width="70" height="84" rx="14" fill="${darken(p.primary, 0.18)}"/>
  <rect x="466" y="222" width="14" height="68" rx="6" fill="${p.secondary}"/>
  <circle cx="228" cy="256" r="38" fill="${lighten(p.primary, 0.2)}"/>
  <circle cx="228" cy="256" r="22" fill="none" stroke="${darken(p.primary, 0.25)}" stroke-width="5"/>
  <path d="M490 240 C510 236, 520 244, 532 240 M490 262 C510 258, 520 266, 536 262" fill="none" stroke="${p.accent}" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`;
}

function cuttingBoard({ p }: DrawContext): string {
  const wood = mix(p.primary, '#c58940', 0.7);
  return `
  <rect x="140" y="240" width="320" height="200" rx="30" fill="${wood}"/>
  <rect x="140" y="240" width="320" height="200" rx="30" fill="url(#sideShade)" opacity="0.35"/>
  <circle cx="420" cy="280" r="14" fill="${darken(wood, 0.35)}"/>
  <path d="M176 300 C240 290, 300 310, 380 296 M176 350 C250 340, 320 362, 424 346 M176 398 C240 390, 300 408, 424 396" fill="none" stroke="${darken(wood, 0.2)}" stroke-width="4" opacity="0.6"/>
  <rect x="140" y="428" width="320" height="14" rx="7" fill="${darken(wood, 0.25)}"/>
  <path d="M210 214 L370 280" stroke="${mix(p.secondary, '#ffffff', 0.75)}" stroke-width="22" stroke-linecap="round"/>
  <path d="M180 202 L226 220" stroke="${p.secondary}" stroke-width="24" stroke-linecap="round"/>`;
}

function jacket({ p }: DrawContext): string {
  return `
  <path d="M236 170 C260 150, 340 150, 364 170 L440 210 L486 360 L438 378 L414 290 L414 452 L186 452 L186 290 L162 378 L114 360 L160 210 Z" fill="${p.primary}"/>
  <path d="M236 170 C260 150, 340 150, 364 170 L440 210 L486 360 L438 378 L414 290 L414 452 L186 452 L186 290 L162 378 L114 360 L160 210 Z" fill="url(#sideShade)" opacity="0.4"/>
  <path d="M250 166 L300 230 L350 166" fill="none" stroke="${darken(p.primary, 0.25)}" stroke-width="10" stroke-linejoin="round"/>
  <path d="M300 230 L300 452" stroke="${p.secondary}" stroke-width="6"/>
  <rect x="294" y="250" width="12" height="22" rx="3" fill="${p.accent}"/>
  <rect x="214" y="340" width="60" height="10" rx="5" fill="${darken(p.primary, 0.25)}"/>
  <rect x="326" y="340" width="60" height="10" rx="5" fill="${darken(p.primary, 0.25)}"/>
  <rect x="186" y="436" width="228" height="16" rx="4" fill="${darken(p.primary, 0.2)}"/>`;
}

function jumpRope({ p }: DrawContext): string {
  return `
  <path d="M200 250 C150 470, 450 470, 400 250" fill="none" stroke="${p.secondary}" stroke-width="8" stroke-linecap="round"/>
  <rect x="180" y="160" width="40" height="100" rx="18" fill="${p.primary}" transform="rotate(-12 200 210)"/>
  <rect x="380" y="160" width="40" height="100" rx="18" fill="${p.primary}" transform="rotate(12 400 210)"/>
  <rect x="190" y="168" width="10" height="70" rx="5" fill="#fff" opacity="0.3" transform="rotate(-12 200 210)"/>
  <rect x="183" y="236" width="34" height="12" rx="5" fill="${p.accent}" transform="rotate(-12 200 210)"/>
  <rect x="383" y="236" width="34" height="12" rx="5" fill="${p.accent}" transform="rotate(12 400 210)"/>`;
}

interface CategoryArt {
  keywords: readonly string[];
  drawings: readonly Drawing[];
}

const CATEGORY_ART: readonly CategoryArt[] = [
  {
    keywords: ['electronic', 'tech', 'computer', 'gadget', 'phone', 'audio'],
    drawings: [headphones, smartphone, laptop],
  },
  { keywords: ['book', 'read', 'novel', 'stationery'], drawings: [bookStack, bookRow, openBook] },
  { keywords: ['kitchen', 'home', 'cook', 'dining', 'house'], drawings: [mug, fryingPan, teapot] },
  { keywords: ['cloth', 'fashion', 'apparel', 'wear', 'shirt'], drawings: [tshirt, sweater, cap] },
  { keywords: ['sport', 'outdoor', 'fitness', 'gym'], drawings: [ball, dumbbell, kettlebell] },
  {
    keywords: ['beauty', 'cosmetic', 'skin', 'care', 'makeup', 'fragrance'],
    drawings: [pumpBottleAndJar, dropperBottle, lipstick],
  },
  { keywords: ['toy', 'game', 'kid', 'baby', 'child'], drawings: [blocks, teddy, rocket] },
];

/** Words in a product's name that call for one drawing, whatever its category or position. */
const NAME_ART: readonly { words: readonly string[]; drawing: Drawing }[] = [
  { words: ['keyboard'], drawing: keyboard },
  { words: ['speaker'], drawing: speaker },
  { words: ['smartwatch', 'watch'], drawing: smartwatch },
  { words: ['charging pad', 'charger'], drawing: chargingPad },
  { words: ['cable'], drawing: cable },
  { words: ['headphone', 'earbud'], drawing: headphones },
  { words: ['smartphone', 'phone'], drawing: smartphone },
  { words: ['laptop', 'ultrabook'], drawing: laptop },
  { words: ['mug', 'cup'], drawing: mug },
  { words: ['frying pan', 'skillet'], drawing: fryingPan },
  { words: ['hair dryer', 'dryer'], drawing: hairDryer },
  { words: ['cutting board', 'chopping board'], drawing: cuttingBoard },
  { words: ['serum', 'oil', 'retinol'], drawing: dropperBottle },
  { words: ['cream', 'mist', 'grooming', 'parfum', 'perfume'], drawing: pumpBottleAndJar },
  { words: ['kettle', 'teapot', 'espresso', 'dutch oven'], drawing: teapot },
  { words: ['sneaker', 'shoe', 'trainer'], drawing: sneaker },
  { words: ['jacket', 'puffer', 'coat'], drawing: jacket },
  { words: ['t-shirt', 'shirt'], drawing: tshirt },
  { words: ['beanie', 'cap', 'hat'], drawing: cap },
  { words: ['sweater', 'knit'], drawing: sweater },
  { words: ['tent'], drawing: tent },
  { words: ['backpack', 'rucksack'], drawing: backpack },
  { words: ['water bottle', 'bottle'], drawing: waterBottle },
  { words: ['yoga mat', 'mat'], drawing: yogaMat },
  { words: ['ball', 'football'], drawing: ball },
  { words: ['jump rope', 'skipping rope'], drawing: jumpRope },
  { words: ['dumbbell'], drawing: dumbbell },
  { words: ['kettlebell'], drawing: kettlebell },
  { words: ['lipstick'], drawing: lipstick },
  { words: ['teddy', 'plush'], drawing: teddy },
  { words: ['blocks', 'stacking', 'puzzle', 'jigsaw', 'board game'], drawing: blocks },
  { words: ['racer', 'remote control', 'car'], drawing: racer },
  { words: ['rocket', 'galaxy', 'explorer'], drawing: rocket },
];

/** Whole words only (a plural too): "mat" is not in "Matte" or "Match", "ball" is in "Balls". */
const hasWord = (name: string, word: string) => new RegExp(`(^|[^a-z])${word}s?($|[^a-z])`).test(name);

function drawingForName(name: string): Drawing | undefined {
  const key = name.toLowerCase();
  return NAME_ART.find((art) => art.words.some((word) => hasWord(key, word)))?.drawing;
}

/** The name of the drawing a product's name calls for, if any (what the tests check: a keyboard is a keyboard). */
export const drawingNameFor = (name: string): string | undefined => drawingForName(name)?.name;

function drawingsFor(category: string): readonly Drawing[] {
  const key = category.toLowerCase();
  for (const art of CATEGORY_ART) {
    if (art.keywords.some((word) => key.includes(word))) return art.drawings;
  }
  return [giftBox];
}

/** Sparse confetti in the corners, away from the object. */
function confetti(p: Palette, rnd: () => number): string {
  const spots: ReadonlyArray<readonly [number, number]> = [
    [92, 120],
    [508, 110],
    [70, 300],
    [532, 286],
    [128, 200],
    [470, 200],
  ];
  const shapes: string[] = [];
  for (const [x0, y0] of spots) {
    if (rnd() < 0.45) continue;
    const x = r1(x0 + (rnd() - 0.5) * 30);
    const y = r1(y0 + (rnd() - 0.5) * 30);
    const color = rnd() < 0.5 ? p.accent : p.primary;
    const kind = Math.floor(rnd() * 3);
    if (kind === 0)
      shapes.push(`<circle cx="${x}" cy="${y}" r="${r1(5 + rnd() * 5)}" fill="${color}" opacity="0.45"/>`);
    else if (kind === 1) {
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${r1(8 + rnd() * 4)}" fill="none" stroke="${color}" stroke-width="3.5" opacity="0.4"/>`,
      );
    } else {
      shapes.push(
        `<path d="M${x - 8} ${y} L${x + 8} ${y} M${x} ${y - 8} L${x} ${y + 8}" stroke="${color}" stroke-width="4" stroke-linecap="round" opacity="0.45"/>`,
      );
    }
  }
  return shapes.join('\n  ');
}

function backdrop(p: Palette, kind: number): string {
  const tint = mix(p.bgTop, p.primary, 0.12);
  if (kind === 0) return `<circle cx="300" cy="300" r="196" fill="${tint}" opacity="0.8"/>`;
  if (kind === 1) return `<path d="M138 470 L138 292 A162 162 0 0 1 462 292 L462 470 Z" fill="${tint}" opacity="0.8"/>`;
  return `<rect x="120" y="120" width="360" height="350" rx="48" fill="${tint}" opacity="0.75"/>`;
}

function productSvg(input: ProductArtInput): { svg: string; background: string } {
  const nameHash = hashString(input.name);
  const palette = pick(PALETTES, nameHash);
  const rnd = seededRandom(hashString(`${input.category}|${input.name}|${input.index}`));
  const drawings = drawingsFor(input.category);
  const drawing =
    drawingForName(input.name) ??
    pick(drawings, Number.isFinite(input.index) ? Math.abs(Math.floor(input.index)) : nameHash);
  const p = palette;
  const floor = mix(p.bgBottom, p.secondary, 0.05);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${p.bgTop}"/>
      <stop offset="1" stop-color="${p.bgBottom}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.3" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${floor}" stop-opacity="0"/>
      <stop offset="0.18" stop-color="${floor}" stop-opacity="1"/>
      <stop offset="1" stop-color="${darken(floor, 0.04)}" stop-opacity="1"/>
    </linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${lighten(p.primary, 0.15)}"/>
      <stop offset="1" stop-color="${mix(p.primary, p.accent, 0.65)}"/>
    </linearGradient>
    <linearGradient id="sideShade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.1"/>
      <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.16"/>
    </linearGradient>
    <filter id="soft" x="-30%" y="-200%" width="160%" height="500%">
      <feGaussianBlur stdDeviation="9"/>
    </filter>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <rect width="600" height="600" fill="url(#glow)"/>
  <rect x="0" y="430" width="600" height="170" fill="url(#floor)"/>
  ${backdrop(p, Math.floor(rnd() * 3))}
  ${confetti(p, rnd)}
  <ellipse cx="300" cy="462" rx="176" ry="16" fill="${p.secondary}" opacity="0.2" filter="url(#soft)"/>
  <ellipse cx="300" cy="458" rx="120" ry="7" fill="${p.secondary}" opacity="0.16" filter="url(#soft)"/>
  ${drawing({ p, rnd })}
</svg>`;
  return { svg, background: p.bgBottom };
}

/** A 600x600 stylised product illustration (WebP, no text). Same input, same bytes. */
export async function renderProductPhoto(input: ProductArtInput): Promise<RenderedArt> {
  const { svg, background } = productSvg(input);
  return toWebp(svg, background);
}

// ---------------------------------------------------------------------------------------------
// Banners: 1200x400 abstract compositions, calm on the left (where a caption may sit).
// ---------------------------------------------------------------------------------------------

function bannerSunset(): string {
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffe3c8"/>
      <stop offset="0.55" stop-color="#ffb199"/>
      <stop offset="1" stop-color="#f0789a"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.4" r="0.6">
      <stop offset="0" stop-color="#fff3c4"/>
      <stop offset="1" stop-color="#ffb347"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="400" fill="url(#sky)"/>
  <circle cx="880" cy="210" r="240" fill="#fff" opacity="0.12"/>
  <circle cx="880" cy="210" r="180" fill="#fff" opacity="0.14"/>
  <circle cx="880" cy="210" r="128" fill="url(#sun)"/>
  <path d="M0 300 C180 250 320 290 480 270 C640 250 760 200 920 230 C1040 252 1120 230 1200 210 L1200 400 L0 400 Z" fill="#e8799a" opacity="0.55"/>
  <path d="M0 340 C160 310 300 330 460 312 C640 292 780 270 940 300 C1060 322 1140 300 1200 290 L1200 400 L0 400 Z" fill="#b85a8c" opacity="0.6"/>
  <path d="M0 372 C200 352 380 372 560 356 C740 340 900 350 1060 362 C1120 366 1170 360 1200 356 L1200 400 L0 400 Z" fill="#6d3f7d" opacity="0.75"/>
  <circle cx="640" cy="90" r="10" fill="#fff" opacity="0.6"/>
  <circle cx="1110" cy="70" r="6" fill="#fff" opacity="0.7"/>
  <circle cx="700" cy="160" r="5" fill="#fff" opacity="0.5"/>
  <path d="M1040 120 q12 -10 24 0 q12 -10 24 0" fill="none" stroke="#7a3e6d" stroke-width="4" stroke-linecap="round" opacity="0.5"/>
  <path d="M1000 150 q9 -8 18 0 q9 -8 18 0" fill="none" stroke="#7a3e6d" stroke-width="3.5" stroke-linecap="round" opacity="0.45"/>`;
}

function bannerOcean(): string {
  const bubbles: string[] = [];
  const rnd = seededRandom(4242);
  while (bubbles.length < 14) {
    const x = r1(700 + rnd() * 480);
    const y = r1(30 + rnd() * 250);
    const r = r1(4 + rnd() * 16);
    // Keep the bubbles clear of the moon.
    if (Math.hypot(x - 960, y - 150) < 112 + r) continue;
    bubbles.push(
      `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#ffffff" stroke-width="2.5" opacity="${r1(0.25 + rnd() * 0.4)}"/>`,
    );
  }
  return `
  <defs>
    <linearGradient id="sea" x1="0" y1="0" x2="1" y2="0.6">
      <stop offset="0" stop-color="#0f3b6e"/>
      <stop offset="0.6" stop-color="#1b7fa6"/>
      <stop offset="1" stop-color="#3cc4c0"/>
    </linearGradient>
    <radialGradient id="light" cx="0.75" cy="0.1" r="0.7">
      <stop offset="0" stop-color="#bff6f0" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#bff6f0" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="400" fill="url(#sea)"/>
  <rect width="1200" height="400" fill="url(#light)"/>
  <path d="M0 250 C150 210 300 290 450 250 C600 210 750 290 900 250 C1050 210 1150 260 1200 240 L1200 400 L0 400 Z" fill="#5fd3d0" opacity="0.25"/>
  <path d="M0 290 C150 250 300 330 450 290 C600 250 750 330 900 290 C1050 250 1150 300 1200 280 L1200 400 L0 400 Z" fill="#2fa7b8" opacity="0.45"/>
  <path d="M0 330 C150 300 300 370 450 330 C600 300 750 370 900 330 C1050 300 1150 340 1200 325 L1200 400 L0 400 Z" fill="#0e5a86" opacity="0.7"/>
  <path d="M0 362 C200 342 400 382 600 362 C800 342 1000 382 1200 362 L1200 400 L0 400 Z" fill="#0a3a5e" opacity="0.85"/>
  <circle cx="960" cy="150" r="92" fill="#ffffff" opacity="0.08"/>
  <circle cx="960" cy="150" r="60" fill="#ffe9a8" opacity="0.9"/>
  ${bubbles.join('\n  ')}`;
}

function bannerNight(): string {
  const dots: string[] = [];
  for (let row = 0; row < 7; row++) {
    for (let col = 0; col < 9; col++) {
      dots.push(`<circle cx="${640 + col * 28}" cy="${70 + row * 28}" r="2.6" fill="#ffffff" opacity="0.22"/>`);
    }
  }
  return `
  <defs>
    <linearGradient id="night" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#171a36"/>
      <stop offset="1" stop-color="#2f2a6e"/>
    </linearGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="46"/></filter>
  </defs>
  <rect width="1200" height="400" fill="url(#night)"/>
  <circle cx="900" cy="150" r="150" fill="#ff5fa2" opacity="0.75" filter="url(#blur)"/>
  <circle cx="1060" cy="300" r="140" fill="#3ad5e0" opacity="0.7" filter="url(#blur)"/>
  <circle cx="760" cy="320" r="120" fill="#ffb648" opacity="0.55" filter="url(#blur)"/>
  ${dots.join('')}
  <rect x="880" y="90" width="150" height="150" rx="32" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.55" transform="rotate(18 955 165)"/>
  <rect x="960" y="170" width="110" height="110" rx="26" fill="#ffffff" opacity="0.1" transform="rotate(-12 1015 225)"/>
  <circle cx="800" cy="110" r="26" fill="none" stroke="#ffd166" stroke-width="4" opacity="0.8"/>
  <circle cx="1120" cy="90" r="10" fill="#ffffff" opacity="0.7"/>
  <path d="M1060 340 l14 -14 l14 14 l14 -14 l14 14 l14 -14" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" opacity="0.5"/>
  <circle cx="160" cy="70" r="1.6" fill="#fff" opacity="0.6"/>
  <circle cx="420" cy="40" r="1.4" fill="#fff" opacity="0.5"/>
  <circle cx="300" cy="340" r="1.6" fill="#fff" opacity="0.4"/>
  <circle cx="540" cy="300" r="1.3" fill="#fff" opacity="0.5"/>`;
}

function bannerGarden(): string {
  return `
  <defs>
    <linearGradient id="paper" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#f8f3ea"/>
      <stop offset="1" stop-color="#e6f2ec"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="400" fill="url(#paper)"/>
  <path d="M760 -20 C860 40 820 140 920 180 C1020 220 1120 160 1220 220 L1220 -20 Z" fill="#cfe8dc"/>
  <path d="M640 420 C660 320 760 280 860 300 C960 320 1000 250 1100 250 C1160 250 1200 280 1220 300 L1220 420 Z" fill="#f6cdb8"/>
  <circle cx="900" cy="190" r="110" fill="#d9cff5"/>
  <path d="M790 400 A110 110 0 0 1 1010 400 Z" fill="#2a9d8f" opacity="0.9"/>
  <path d="M830 400 A70 70 0 0 1 970 400 Z" fill="#f8f3ea"/>
  <path d="M866 400 A34 34 0 0 1 934 400 Z" fill="#e9c46a"/>
  <circle cx="1080" cy="120" r="46" fill="#e76f51" opacity="0.9"/>
  <path d="M1010 330 C1010 280 1040 250 1080 240 C1080 290 1050 320 1010 330 Z" fill="#6b8f71"/>
  <path d="M1030 340 C1060 300 1100 290 1140 296 C1120 336 1080 350 1030 340 Z" fill="#8fb996"/>
  <path d="M700 90 C720 60 760 60 780 90" fill="none" stroke="#264653" stroke-width="5" stroke-linecap="round" opacity="0.5"/>
  <circle cx="760" cy="240" r="8" fill="#264653" opacity="0.35"/>
  <circle cx="1150" cy="40" r="7" fill="#2a9d8f" opacity="0.6"/>
  <path d="M1150 190 l0 24 M1138 202 l24 0" stroke="#e76f51" stroke-width="4" stroke-linecap="round" opacity="0.7"/>
  <path d="M980 60 l0 20 M970 70 l20 0" stroke="#264653" stroke-width="4" stroke-linecap="round" opacity="0.4"/>`;
}

const BANNERS: readonly { draw: () => string; background: string }[] = [
  { draw: bannerSunset, background: '#ffb199' },
  { draw: bannerOcean, background: '#1b7fa6' },
  { draw: bannerNight, background: '#1f1f48' },
  { draw: bannerGarden, background: '#f8f3ea' },
];

export const BANNER_COUNT = BANNERS.length;

/** A 1200x400 abstract hero banner (WebP, no text); indexes 0-3 give four distinct designs. */
export async function renderBannerImage(index: number): Promise<RenderedArt> {
  const banner = pick(BANNERS, Math.floor(Math.abs(index)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 1200 400">${banner.draw()}
</svg>`;
  return toWebp(svg, banner.background);
}
