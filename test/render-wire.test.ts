/**
 * How jobs and answers cross to the render workers (server/rendering/wire.ts): JSON text in a flat
 * envelope, byte arrays lifted out beside it and put back where they were.
 */
import { describe, expect, test } from "bun:test";
import { open, seal, transferable } from "../server/rendering/wire.ts";

describe("wire envelopes", () => {
  test("plain data crosses as JSON text alone", () => {
    const value = { kind: "render", input: { code: "x = 1\n", lang: "python", options: { theme: "print" } }, n: [1, 2.5, -3] };
    const sealed = seal(value);
    expect(sealed).toEqual({ json: JSON.stringify(value) });
    expect(open(sealed)).toEqual(value);
  });

  test("byte arrays are lifted out, not spelled as numbers, and come back in place", () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const pdf = new Uint8Array(new ArrayBuffer(8), 2, 3).fill(7);
    const sealed = seal({ file: { data: png, name: "a.png" }, parts: [{ geometry: pdf, pages: true }] });
    expect(sealed.bytes).toEqual([png, pdf]);
    expect(sealed.json).not.toContain("137");
    const back = open(structuredClone(sealed)) as { file: { data: Uint8Array }; parts: { geometry: Uint8Array; pages: boolean }[] };
    expect(back.file.data).toBeInstanceOf(Uint8Array);
    expect([...back.file.data]).toEqual([137, 80, 78, 71]);
    expect([...back.parts[0]!.geometry]).toEqual([7, 7, 7]);
    expect(back.parts[0]!.pages).toBe(true);
  });

  test("a bare byte array and a value of nothing cross too", () => {
    const zip = new Uint8Array([80, 75, 3, 4]);
    expect([...(open(seal(zip)) as Uint8Array)]).toEqual([80, 75, 3, 4]);
    expect(open(seal(undefined))).toBeNull();
  });

  test("each buffer is transferred once, however many arrays view it", () => {
    const buffer = new ArrayBuffer(16);
    const sealed = seal([new Uint8Array(buffer, 0, 4), new Uint8Array(buffer, 4, 4), new Uint8Array(2)]);
    const buffers = transferable(sealed);
    expect(buffers).toHaveLength(2);
    expect(buffers[0]).toBe(buffer);
  });
});
