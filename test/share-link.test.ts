/** Share links of the playground (site/client/share.ts, issue 28): round trip, size bound, damaged links. */
import { expect, test } from "bun:test";
import { MAX_LINK_CHARS, readShared, shareLink } from "../site/client/share.ts";

const chart = { lang: "cpp", code: '#include <iostream>\nint main() {\n  std::cout << "Привіт";\n}\n', fn: "main", form: { locale: "en", stripTypes: "on" } };

test("a link restores the source, language, function and options, with nothing of them in the path or query", async () => {
  const link = (await shareLink("http://localhost:8787/?x=1#old", chart))!;
  const url = new URL(link);
  expect(url.pathname + url.search).toBe("/?x=1");
  expect(url.hash).toStartWith("#s1=");
  expect(link).not.toContain("Привіт");
  expect(await readShared(url.hash)).toEqual(chart);
});

test("a source too long for a link gives none; a typical lab fits", async () => {
  let state = 7;
  const noise = Array.from({ length: 40_000 }, () => String.fromCharCode(33 + ((state = (state * 48271) % 2147483647) % 90))).join("");
  expect(await shareLink("http://localhost/", { lang: "python", code: noise })).toBeNull();
  const lab = Array.from({ length: 300 }, (_, i) => `    if choice == ${i}:\n        print("Пункт ${i}")`).join("\n");
  const link = await shareLink("http://localhost/", { lang: "python", code: lab });
  expect(link!.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
});

test("damaged, foreign or cut fragments restore nothing", async () => {
  const link = (await shareLink("http://localhost/", chart))!;
  const hash = new URL(link).hash;
  expect(await readShared(hash.slice(0, hash.length - 10))).toBeNull();
  expect(await readShared("#s1=!!!")).toBeNull();
  expect(await readShared("#section-2")).toBeNull();
  expect(await readShared("")).toBeNull();
});
