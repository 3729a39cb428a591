/**
 * Source files in the encodings students save them in, through the real server (loopback, libSQL
 * file): a multipart upload and a `url` source are decoded by engine/source-bytes.ts, so the chart
 * has the Cyrillic texts and the source lines of the file; a file that is not text is 400
 * bad_request naming why, and nothing is charged for it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Geometry, Shape } from "../engine/geometry/types.ts";
import { expectError, ledgerConsistent, startServer, startSourceHost, type SourceHost, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const corpus = (path: string) => readFileSync(new URL(`./corpus/${path}`, import.meta.url));
const CP1251_C = corpus("c/20_cp1251_devcpp_average.c");
const KOI8U_C = corpus("c/21_koi8u_linux_primes.c");
const UTF16_JAVA = corpus("java/lab20_utf16_notepad_grades.java");

let server: TestServer;
let sources: SourceHost;
let key: string;

beforeAll(async () => {
  sources = startSourceHost({ "/prosti.c": () => new Response(KOI8U_C) });
  server = await startServer(sources.env);
  key = (await server.user({ credits: 20 })).key;
});
afterAll(async () => {
  await server.stop();
  await sources.stop();
});

async function upload(bytes: Uint8Array, name: string): Promise<Response> {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  form.append("format", "json");
  return fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": key }, body: form });
}

async function shapesOf(response: Response): Promise<Shape[]> {
  expect(response.status).toBe(200);
  const geometry = (await response.json()) as Geometry;
  return geometry.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes));
}

/** The shape whose text (lines joined) contains `text`. */
const shapeWith = (shapes: Shape[], text: string) => shapes.find((s) => s.text.join(" ").includes(text));

describe("a multipart upload", () => {
  test("Windows-1251 (Dev-C++, CRLF): the prompts are Cyrillic, the shapes keep their source lines", async () => {
    const shapes = await shapesOf(await upload(CP1251_C, "lab2.c"));
    const prompt = shapeWith(shapes, "кількість елементів масиву");
    expect(prompt).toBeDefined();
    expect(prompt!.source).toBe(15); // printf("Введіть кількість …") is on line 15 of the file
    expect(shapeWith(shapes, "Помилка! Неправильна кількість елементів.")?.source).toBe(18);
    expect(shapes.some((s) => s.text.join("").includes("\uFFFD"))).toBe(false);
  });

  test("UTF-16 LE with a BOM (Windows Notepad): the BOM is not a line", async () => {
    const shapes = await shapesOf(await upload(UTF16_JAVA, "Ocinka.java"));
    expect(shapeWith(shapes, "Такої кількості балів не буває")?.source).toBe(11);
  });

  test("binary data → 400 bad_request naming the NUL byte; nothing charged", async () => {
    const { key: other, user } = await server.user({ credits: 1 });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const form = new FormData();
    form.append("file", new File([png], "lab.c"));
    const response = await fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": other }, body: form });
    expect((await expectError(response, 400, "bad_request")).error).toBe("the file is not text: it contains NUL bytes at byte 8");
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 1, sum: 1, rows: 1 });
  });

  test("bytes in none of the encodings → 400 bad_request listing the encodings", async () => {
    const response = await upload(new Uint8Array([0x78, 0x20, 0x3d, 0x20, 0xb5, 0xb6, 0xbc, 0x0a]), "lab.py");
    expect((await expectError(response, 400, "bad_request")).error).toContain("not valid in any supported encoding (UTF-8, UTF-16 with a BOM, Windows-1251, CP866, KOI8-U)");
  });
});

describe("a url source", () => {
  test("KOI8-U from a code host: decoded like an upload", async () => {
    const response = await fetch(`${server.url}/render`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ url: `${sources.base}/prosti.c`, format: "json" }),
    });
    const shapes = await shapesOf(response);
    // The prompt «Верхня межа n» is merged into its input (issue 20): the error message is Cyrillic text kept on its own line.
    expect(shapeWith(shapes, "Це не число")?.source).toBe(24);
    expect(shapeWith(shapes, "Прості числа")).toBeDefined();
  });
});
