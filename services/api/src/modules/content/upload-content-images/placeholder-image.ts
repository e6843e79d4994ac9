import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { GLYPHS } from './bitmap-font';

type Rgb = readonly [number, number, number];

/** Each platform's two brand-like colours, top and bottom of the gradient; anything else gets a neutral pair. */
const PLATFORM_COLOURS: Readonly<Record<string, readonly [Rgb, Rgb]>> = {
  instagram: [
    [131, 58, 180],
    [252, 176, 69],
  ],
  tiktok: [
    [10, 10, 10],
    [37, 244, 238],
  ],
  youtube: [
    [255, 0, 0],
    [40, 40, 40],
  ],
  twitter: [
    [29, 161, 242],
    [20, 23, 26],
  ],
  linkedin: [
    [0, 119, 181],
    [0, 65, 130],
  ],
};
const NEUTRAL: readonly [Rgb, Rgb] = [
  [79, 70, 229],
  [17, 24, 39],
];

export const PLACEHOLDER_SIZE = Object.freeze({ width: 640, height: 360 });

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  /** Blends `colour` over the pixel with opacity `alpha` (0..1). */
  blend(x: number, y: number, colour: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const index = (y * this.width + x) * 3;
    for (let channel = 0; channel < 3; channel += 1) {
      this.pixels[index + channel] = Math.round(this.pixels[index + channel]! * (1 - alpha) + colour[channel]! * alpha);
    }
  }

  rectangle(x0: number, y0: number, width: number, height: number, colour: Rgb, alpha: number): void {
    for (let y = y0; y < y0 + height; y += 1) for (let x = x0; x < x0 + width; x += 1) this.blend(x, y, colour, alpha);
  }

  disc(cx: number, cy: number, radius: number, colour: Rgb, alpha: number): void {
    for (let y = cy - radius; y <= cy + radius; y += 1) {
      for (let x = cx - radius; x <= cx + radius; x += 1)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) this.blend(x, y, colour, alpha);
    }
  }

  /** Draws text in the bitmap font at `scale` pixels per dot; characters the font lacks are left out. */
  text(x: number, y: number, text: string, scale: number, colour: Rgb): void {
    let cursor = x;
    for (const character of text.toUpperCase()) {
      const glyph = GLYPHS[character];
      if (!glyph) continue;
      glyph.forEach((row, line) => {
        for (let column = 0; column < 5; column += 1) {
          if (row & (0x10 >> column))
            this.rectangle(cursor + column * scale, y + line * scale, scale, scale, colour, 1);
        }
      });
      cursor += 6 * scale;
    }
  }

  /** PNG, 8-bit RGB, no interlace; every row with filter 0. */
  toPng(): Buffer {
    const rowBytes = this.width * 3;
    const raw = Buffer.alloc((rowBytes + 1) * this.height);
    for (let y = 0; y < this.height; y += 1) {
      raw[y * (rowBytes + 1)] = 0;
      raw.set(this.pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** Greedy word wrap to `width` characters, at most `lines` lines (the last one ends in '...' when cut). */
export function wrap(text: string, width: number, lines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const out: string[] = [];
  let current = '';
  for (const word of words) {
    const piece = word.length > width ? `${word.slice(0, width - 3)}...` : word;
    if (current && current.length + 1 + piece.length > width) {
      out.push(current);
      current = piece;
      if (out.length === lines) break;
    } else current = current ? `${current} ${piece}` : piece;
  }
  if (out.length < lines && current) out.push(current);
  else if (out.length === lines && current) out[lines - 1] = `${out[lines - 1]!.slice(0, width - 3)}...`;
  return out;
}

/**
 * A content placeholder rendered from its description and platform: the platform's colours as a gradient, a
 * pattern of discs placed by a hash of the description (the same text always gives the same picture), the platform
 * name and the description's first words. PNG, 640×360.
 */
export function renderPlaceholder(input: { description: string; platform: string }): Buffer {
  const { width, height } = PLACEHOLDER_SIZE;
  const canvas = new Canvas(width, height);
  const platform = input.platform.trim().toLowerCase();
  const [top, bottom] = PLATFORM_COLOURS[platform] ?? NEUTRAL;
  for (let y = 0; y < height; y += 1) {
    const t = y / (height - 1);
    const colour: Rgb = [0, 1, 2].map((channel) =>
      Math.round(top[channel]! * (1 - t) + bottom[channel]! * t),
    ) as unknown as Rgb;
    canvas.rectangle(0, y, width, 1, colour, 1);
  }
  const seed = createHash('sha256').update(`${platform}\n${input.description}`).digest();
  for (let index = 0; index < 8; index += 1) {
    const cx = seed.readUInt16BE(index * 4) % width;
    const cy = seed.readUInt16BE(index * 4 + 2) % height;
    canvas.disc(cx, cy, 20 + (seed[index]! % 60), [255, 255, 255], 0.08 + (seed[index + 8]! % 10) / 100);
  }
  canvas.rectangle(0, 230, width, 130, [0, 0, 0], 0.45);
  canvas.text(24, 24, platform || 'content', 5, [255, 255, 255]);
  const lines = wrap(input.description || 'New content', 33, 3);
  lines.forEach((line, index) => canvas.text(24, 246 + index * 36, line, 3, [255, 255, 255]));
  return canvas.toPng();
}
