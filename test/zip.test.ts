/**
 * The zip writer (engine/render/zip.ts: the .docx container and the batch bundles), read back field by field with an independent
 * reader (node:zlib for the deflate streams, Bun's CRC-32): entries in the given order, each local
 * header matching its central directory record, the fixed DOS time 2000-01-01 00:00, sizes, CRC-32s
 * and the end record; and the same files give the same bytes.
 */
import { describe, expect, test } from "bun:test";
import { inflateRawSync } from "node:zlib";
import { DOCX_LEVEL, zip as zipFiles } from "../engine/render/zip.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const utf8 = new TextEncoder();
const FILES: [string, Uint8Array][] = [
  ["[Content_Types].xml", utf8.encode(`<?xml version="1.0"?><Types/>`)],
  ["word/document.xml", utf8.encode(`<w:document>${"<w:p><w:r><w:t>Початок ∈ 😀</w:t></w:r></w:p>".repeat(2000)}</w:document>`)],
  ["word/empty.xml", new Uint8Array(0)],
];

interface Entry {
  name: string;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function readZip(zip: Uint8Array): { entries: Entry[]; data: Uint8Array[] } {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(v.getUint32(end, true)).toBe(0x06054b50);
  const count = v.getUint16(end + 10, true);
  expect(v.getUint16(end + 8, true)).toBe(count);
  const directorySize = v.getUint32(end + 12, true);
  let at = v.getUint32(end + 16, true);
  expect(at + directorySize).toBe(end);
  const entries: Entry[] = [];
  const data: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    expect(v.getUint32(at, true)).toBe(0x02014b50);
    const nameLength = v.getUint16(at + 28, true);
    const e: Entry = {
      name: new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: v.getUint16(at + 10, true),
      time: v.getUint16(at + 12, true),
      date: v.getUint16(at + 14, true),
      crc: v.getUint32(at + 16, true),
      compressed: v.getUint32(at + 20, true),
      size: v.getUint32(at + 24, true),
      offset: v.getUint32(at + 42, true),
    };
    // The local header repeats the record's fields (from "version needed" to the name).
    const local = e.offset;
    expect(v.getUint32(local, true)).toBe(0x04034b50);
    expect(zip.subarray(local + 4, local + 30)).toEqual(zip.subarray(at + 6, at + 32));
    expect(new TextDecoder().decode(zip.subarray(local + 30, local + 30 + nameLength))).toBe(e.name);
    const start = local + 30 + nameLength + v.getUint16(local + 28, true);
    data.push(zip.subarray(start, start + e.compressed));
    entries.push(e);
    at += 46 + nameLength + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  return { entries, data };
}

const zipDocx = (files: readonly [string, Uint8Array][]) => zipFiles(files.map(([name, data]) => ({ name, data, level: DOCX_LEVEL })));

describe("docx zip container", () => {
  const zip = zipDocx(FILES);

  test("entries in the given order, deflated, dated 2000-01-01 00:00 (DOS fields)", () => {
    const { entries } = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(FILES.map(([n]) => n));
    for (const e of entries) {
      expect(e.method).toBe(8);
      expect(e.time).toBe(0);
      expect([(e.date >> 9) + 1980, (e.date >> 5) & 15, e.date & 31]).toEqual([2000, 1, 1]);
    }
  });

  test("each entry inflates to its file, with the file's size and CRC-32", () => {
    const { entries, data } = readZip(zip);
    FILES.forEach(([, bytes], i) => {
      const e = entries[i]!;
      expect(Buffer.from(inflateRawSync(data[i]!)).equals(Buffer.from(bytes))).toBe(true);
      expect(e.size).toBe(bytes.length);
      expect(e.crc).toBe(Bun.hash.crc32(bytes));
    });
  });

  test("the same files give the same bytes", () => {
    expect(Buffer.from(zipDocx(FILES)).equals(Buffer.from(zip))).toBe(true);
  });
});

describe("batch bundles: stored entries and UTF-8 names", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const files = [
    { name: "схема.png", data: png, level: 0 },
    { name: "grade.svg", data: utf8.encode("<svg/>".repeat(100)), level: 6 },
  ];
  const zip = zipFiles(files);

  test("level 0 stores the bytes as they are, with their CRC-32; other levels deflate", () => {
    const { entries, data } = readZip(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([["схема.png", 0], ["grade.svg", 8]]);
    expect(Buffer.from(data[0]!).equals(Buffer.from(png))).toBe(true);
    expect(entries[0]!.crc).toBe(Bun.hash.crc32(png));
    expect(Buffer.from(inflateRawSync(data[1]!)).equals(Buffer.from(files[1]!.data))).toBe(true);
  });

  test("a name beyond ASCII is flagged UTF-8 (bit 11), an ASCII one is not", () => {
    const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    expect(v.getUint16(6, true)).toBe(1 << 11);
    const second = 30 + utf8.encode("схема.png").length + png.length;
    expect(v.getUint16(second + 6, true)).toBe(0);
  });
});
