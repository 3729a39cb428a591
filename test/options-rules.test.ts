/**
 * The zod-free option check (engine/options.ts checkOptions, rules generated into
 * engine/options-rules.ts) agrees with the zod OptionsSchema, the source of truth; the generated
 * file is up to date; and a render of valid options loads no zod.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { OptionsSchema } from "../engine/options-schema.ts";
import { checkOptions, proFeatures, resolveOptions } from "../engine/options.ts";
import { generate, OUT } from "../scripts/gen-options.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const KEYS = Object.keys(OptionsSchema.shape);

/** Values near every rule's edges, of every JSON type and a few non-JSON ones. */
const value = fc.oneof(
  fc.constantFrom("\ud800".repeat(201), "\ud800x".repeat(100), "uk", "en", "ru", "comma", "range", "verbose", "", "x", "Так", "a".repeat(200), "a".repeat(201), "😀".repeat(100), "😀".repeat(101)),
  fc.constantFrom(0, 1, -1, 100000, 100001, 2.5, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 1e300),
  fc.boolean(),
  fc.constantFrom(null, undefined, [], {}, [true], { a: 1 }),
  fc.string(),
  fc.integer(),
  fc.double(),
);
const key = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.constantFrom("extra", "Locale", "toString", "__proto__x") });
const options = fc.oneof(
  { weight: 8, arbitrary: fc.dictionary(key, value, { maxKeys: 6 }) },
  { weight: 1, arbitrary: value },
);

describe("option rules (no zod at render time)", () => {
  test("engine/options-rules.ts is what gen:options writes from the schema", () => {
    expect(readFileSync(OUT, "utf8")).toBe(generate());
  });

  test("checkOptions accepts exactly what OptionsSchema accepts, with the same meaning", () => {
    fc.assert(
      fc.property(options, (raw) => {
        const zod = OptionsSchema.safeParse(raw);
        const ours = checkOptions(raw);
        expect(ours !== null).toBe(zod.success);
        if (ours && zod.success) {
          expect(resolveOptions(ours)).toEqual(resolveOptions(zod.data));
          expect(proFeatures(ours)).toEqual(proFeatures(zod.data));
        }
      }),
      { numRuns: 3000, seed: 14 },
    );
  });

  test("every option at its limits", () => {
    for (const raw of [
      { figStart: 0 }, { figStart: 100000 }, { figStart: -1 }, { figStart: 100001 }, { figStart: 1.5 },
      { yes: "" }, { yes: "y" }, { yes: "y".repeat(200) }, { yes: "y".repeat(201) },
      { locale: "en", forFormat: "verbose", singleEnd: true }, { locale: "EN" }, { singleEnd: "true" }, { unknown: 1 }, [], null, "x",
    ]) {
      expect(checkOptions(raw) !== null).toBe(OptionsSchema.safeParse(raw).success);
    }
  });

  test("a render with valid options loads no zod; invalid options still get zod's explanation", () => {
    const engine = new URL("../engine/index.ts", import.meta.url).pathname;
    const host = new URL("../hosts/bun.ts", import.meta.url).pathname;
    const script = `const { render } = await import(${JSON.stringify(engine)});
      const { bunAssets } = await import(${JSON.stringify(host)});
      await render({ code: "x = 1\\nprint(x)\\n", lang: "python", options: { locale: "en", yes: "Y" } }, bunAssets);
      const before = Object.keys(require.cache).some((k) => k.includes("/node_modules/zod/"));
      let message = "";
      try { await render({ code: "x = 1\\n", lang: "python", options: { figStart: -1 } }, bunAssets); } catch (e) { message = e.message; }
      console.log(JSON.stringify({ before, message }));`;
    const p = Bun.spawnSync(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
    expect(p.stderr.toString()).toBe("");
    const { before, message } = JSON.parse(p.stdout.toString());
    expect(before).toBe(false);
    expect(message).toBe("invalid options: options.figStart must be at least 0");
  });
});

describe("verbatim (issue 20, an extension of §2.3)", () => {
  test("a boolean, false by default, in the resolved options every front-end rule reads; not a Pro option", () => {
    expect(resolveOptions({}).verbatim).toBe(false);
    expect(resolveOptions({ verbatim: true }).verbatim).toBe(true);
    expect(checkOptions({ verbatim: true })).toEqual({ verbatim: true });
    expect(checkOptions({ verbatim: "yes" })).toBeNull();
    expect(OptionsSchema.safeParse({ verbatim: 1 }).success).toBe(false);
    expect(proFeatures({ verbatim: true })).toEqual([]);
  });

  test("every §2.3 option keeps its default beside it", () => {
    expect({ ...resolveOptions({ verbatim: true }), verbatim: false }).toEqual(resolveOptions({}));
  });
});
