/**
 * The zip writer of the project (PKWARE APPNOTE 6.3: a local header before each entry's data, the
 * central directory, the end record), written around pako's deflate: the .docx package, and the
 * server's zip bundles of /render/batch.
 *
 * Why not fflate's zipSync (issue 14, measured in the bytecode executable): it reads the entry time
 * back through local-time Date getters, and the first local-time operation of a JavaScriptCore
 * process initialises ICU's time zones — ≈ 3 ms of a cold DOCX command, spent on a constant; and
 * fflate builds all its tables when imported and deflates in one large function that stays in the
 * slower JIT tiers longer: importing it and deflating the medium chart's 215 KB document.xml took
 * ≈ 32 ms against ≈ 22 ms for pako 1 (median of 15 fresh processes each, load ≈ 3). pako is the
 * deflate pdf-lib already uses (one copy for both formats), and pure JavaScript, so every host
 * writes the same bytes. Here the time is the constant itself (DOS fields of 2000-01-01 00:00),
 * and the deflate stream and its CRC-32 come from one gzip member (RFC 1952: a 10-byte header
 * without file name or time, the raw deflate stream, then CRC-32 and size), so no checksum code
 * is written here either.
 */
// @ts-expect-error pako 1 ships no type declarations; the one function used is typed below.
import pakoModule from "pako";

const pako = pakoModule as unknown as { gzip(data: Uint8Array, options: { level: number }): Uint8Array };

/**
 * The .docx package's level, zlib's 3, the strongest of its fast matcher (no lazy matching): deflating the medium chart's
 * 215 KB document.xml cold takes ≈ 8 ms against ≈ 13 ms at level 6 (medians of 10 fresh processes),
 * for a package of 13 KB instead of 9 KB — a few kilobytes nobody waits for, against a sixth of the
 * DOCX command's budget left after the shared start (issue 14).
 */
export const DOCX_LEVEL = 3;

/** DOS date of 2000-01-01 ((year − 1980) << 9 | month << 5 | day); the DOS time 00:00:00 is 0. */
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;
/** Version 2.0 (deflate), as "needed to extract" and "made by" (host 0, MS-DOS). */
const VERSION = 20;
/** General-purpose flag bit 11: the entry's name is UTF-8 (set only for names beyond ASCII). */
const UTF8_NAME = 1 << 11;
const STORED = 0;
const DEFLATE = 8;
const GZIP_HEADER = 10;
const GZIP_TRAILER = 8;

/** A file to zip: its name, its bytes, and the deflate level (0 = stored, for data compressed already). */
export interface ZipFile {
  name: string;
  data: Uint8Array;
  level: number;
}

interface Entry {
  name: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  size: number;
  data: Uint8Array;
  offset: number;
}

/** The zip of `files` in the given order (deterministic bytes: a constant time, no extra fields). */
export function zip(files: readonly ZipFile[]): Uint8Array {
  const encoder = new TextEncoder();
  const entries: Entry[] = [];
  let offset = 0;
  for (const { name, data, level } of files) {
    // A gzip member gives the CRC-32 in its trailer; at level 0 only the CRC is used and the data
    // are stored as they are.
    const member = pako.gzip(data, { level });
    const trailer = new DataView(member.buffer, member.byteOffset + member.length - GZIP_TRAILER, GZIP_TRAILER);
    const entry: Entry = {
      name: encoder.encode(name),
      flags: /^[\x00-\x7f]*$/.test(name) ? 0 : UTF8_NAME,
      method: level === 0 ? STORED : DEFLATE,
      crc: trailer.getUint32(0, true),
      size: data.length,
      data: level === 0 ? data : member.subarray(GZIP_HEADER, member.length - GZIP_TRAILER),
      offset,
    };
    entries.push(entry);
    offset += 30 + entry.name.length + entry.data.length;
  }
  const directorySize = entries.reduce((n, e) => n + 46 + e.name.length, 0);
  const out = new Uint8Array(offset + directorySize + 22);
  const view = new DataView(out.buffer);
  /** The fields local header and central directory share, from `at` (version needed … extra length). */
  const common = (at: number, e: Entry) => {
    view.setUint16(at, VERSION, true);
    view.setUint16(at + 2, e.flags, true);
    view.setUint16(at + 4, e.method, true);
    view.setUint16(at + 6, 0, true); // DOS time
    view.setUint16(at + 8, DOS_DATE, true);
    view.setUint32(at + 10, e.crc, true);
    view.setUint32(at + 14, e.data.length, true);
    view.setUint32(at + 18, e.size, true);
    view.setUint16(at + 22, e.name.length, true);
    view.setUint16(at + 24, 0, true); // extra field length
  };
  for (const e of entries) {
    view.setUint32(e.offset, 0x04034b50, true);
    common(e.offset + 4, e);
    out.set(e.name, e.offset + 30);
    out.set(e.data, e.offset + 30 + e.name.length);
  }
  let at = offset;
  for (const e of entries) {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, VERSION, true); // made by
    common(at + 6, e);
    // Comment length, disk, internal and external attributes stay 0.
    view.setUint32(at + 42, e.offset, true);
    out.set(e.name, at + 46);
    at += 46 + e.name.length;
  }
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, directorySize, true);
  view.setUint32(at + 16, offset, true);
  return out;
}
