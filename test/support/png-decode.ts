/**
 * A minimal PNG decoder for tests: 8-bit greyscale, RGB, grey+alpha or RGBA, not interlaced (what
 * resvg and pdftoppm write). Returns the pixels as luminance 0–255 (alpha ignored: the images have
 * opaque backgrounds).
 */
import { unzlibSync } from "fflate";

export interface Grey {
  width: number;
  height: number;
  /** Luminance per pixel, row by row. */
  lum: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Width and height from the IHDR chunk, without decoding the pixels. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  if (!isPng(bytes)) throw new Error("not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export function decodePng(bytes: Uint8Array): Grey {
  if (!isPng(bytes)) throw new Error("not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Uint8Array[] = [];
  while (pos < bytes.length) {
    const len = view.getUint32(pos);
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    const data = bytes.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = view.getUint32(pos + 8);
      height = view.getUint32(pos + 12);
      const depth = data[8]!;
      const colour = data[9]!;
      const interlace = data[12]!;
      if (depth !== 8 || interlace !== 0) throw new Error(`unsupported PNG: depth ${depth}, interlace ${interlace}`);
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colour] ?? 0;
      if (!channels) throw new Error(`unsupported PNG colour type ${colour}`);
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "IEND") {
      break;
    }
    pos += 12 + len;
  }
  const total = idat.reduce((n, d) => n + d.length, 0);
  const joined = new Uint8Array(total);
  let o = 0;
  for (const d of idat) {
    joined.set(d, o);
    o += d.length;
  }
  const raw = unzlibSync(joined);
  const stride = width * channels;
  const cur = new Uint8Array(stride);
  const prev = new Uint8Array(stride);
  const lum = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const base = y * (stride + 1);
    const filter = raw[base]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[base + 1 + i]!;
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      let v: number;
      switch (filter) {
        case 0: v = x; break;
        case 1: v = x + a; break;
        case 2: v = x + b; break;
        case 3: v = x + ((a + b) >> 1); break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default: throw new Error(`bad PNG filter ${filter}`);
      }
      cur[i] = v & 0xff;
    }
    for (let px = 0; px < width; px++) {
      const i = px * channels;
      lum[y * width + px] =
        channels >= 3 ? Math.round(0.299 * cur[i]! + 0.587 * cur[i + 1]! + 0.114 * cur[i + 2]!) : cur[i]!;
    }
    prev.set(cur);
  }
  return { width, height, lum };
}

/** Darkest luminance in a square of ±rad px around pixel (x, y). */
export function darkestAround(img: Grey, x: number, y: number, rad = 2): number {
  let min = 255;
  const cx = Math.round(x);
  const cy = Math.round(y);
  for (let j = cy - rad; j <= cy + rad; j++) {
    for (let i = cx - rad; i <= cx + rad; i++) {
      if (i < 0 || j < 0 || i >= img.width || j >= img.height) continue;
      min = Math.min(min, img.lum[j * img.width + i]!);
    }
  }
  return min;
}
