import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020";
import { canonicalGeometry, renderJson } from "../engine/render/json.ts";
import type { Geometry, ShapeKind } from "../engine/geometry/types.ts";
import { sampleGeometry } from "./fixtures/geometry-sample.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const schemaPath = fileURLToPath(new URL("../schemas/geometry.schema.json", import.meta.url));
const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = ajv.compile(schema);

const errors = () => ajv.errorsText(validate.errors);

describe("geometry.schema.json", () => {
  test("is a strict draft 2020-12 schema with descriptions and closed objects", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    const walk = (node: unknown, path: string): void => {
      if (!node || typeof node !== "object") return;
      const o = node as Record<string, unknown>;
      if (o.type === "object") {
        expect({ path, closed: o.additionalProperties }).toEqual({ path, closed: false });
        const props = o.properties as Record<string, Record<string, unknown>>;
        for (const [k, v] of Object.entries(props)) {
          // Every field is documented, on the property itself or on the definition it refers to.
          const ref = typeof v.$ref === "string" ? schema.$defs[(v.$ref as string).split("/").pop()!] : undefined;
          const documented = typeof v.description === "string" || typeof ref?.description === "string";
          expect({ field: `${path}.${k}`, documented }).toEqual({ field: `${path}.${k}`, documented: true });
        }
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${path}/${k}`);
    };
    walk(schema, "#");
  });

  test("covers every ShapeKind", () => {
    const kinds: ShapeKind[] = [
      "terminator", "process", "io", "call", "decision", "hexagon", "loop_begin", "loop_end", "connector", "comment",
    ];
    expect(schema.$defs.shape.properties.kind.enum).toEqual(kinds);
  });
});

describe("renderJson", () => {
  const g = sampleGeometry();
  const out = renderJson(g);

  test("validates against the schema", () => {
    const ok = validate(JSON.parse(out));
    if (!ok) throw new Error(errors());
    expect(ok).toBe(true);
  });

  test("the schema rejects what the renderer never writes", () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test writes fields the Geometry type does not allow
    const bad = (mutate: (x: any) => void): boolean => {
      const x = JSON.parse(out);
      mutate(x);
      return validate(x) as boolean;
    };
    expect(bad(() => {})).toBe(true);
    expect(bad((x) => (x.unit = "px"))).toBe(false);
    expect(bad((x) => (x.extra = 1))).toBe(false);
    expect(bad((x) => (x.charts[0].parts[0].shapes[0].kind = "ellipse"))).toBe(false);
    expect(bad((x) => (x.charts[0].parts[0].shapes[0].colour = "red"))).toBe(false);
    expect(bad((x) => delete x.charts[0].parts[0].shapes[0].textBox)).toBe(false);
    expect(bad((x) => (x.charts[0].parts[0].edges[0].from = 3))).toBe(false);
    expect(bad((x) => (x.charts[0].parts[0].edges[0].to = null))).toBe(true);
    expect(bad((x) => (x.charts[0].parts[0].edges[0].points = [{ x: 1, y: 1 }]))).toBe(false);
    expect(bad((x) => (x.charts[0].parts[0].shapes[1].source = 1.5))).toBe(false);
    expect(bad((x) => (x.charts[0].caption.box.z = 0))).toBe(false);
  });

  test("is compact JSON on one line with a trailing newline", () => {
    expect(out.endsWith("}\n")).toBe(true);
    expect(out.indexOf("\n")).toBe(out.length - 1);
    expect(out.startsWith(`{"unit":"mm","width":185,"height":207,"stroke":0.35,"font":{"family":"Tinos","size":12},"charts":[{"name":"main","main":true,"figure":1,"module":20,"caption":{`)).toBe(true);
  });

  test("is byte-identical for equal input, whatever the key order", () => {
    expect(renderJson(sampleGeometry())).toBe(out);
    const shuffled = JSON.parse(JSON.stringify(g), (_k, v) =>
      v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
    ) as Geometry;
    expect(Object.keys(shuffled)[0]).toBe("charts");
    expect(renderJson(shuffled)).toBe(out);
  });

  test("round-trips", () => {
    const back = JSON.parse(out) as Geometry;
    expect(back).toEqual(canonicalGeometry(g));
    expect(back).toEqual(g); // the fixture is already on the 0.01 grid
    expect(renderJson(back)).toBe(out);
  });

  test("keeps key order fixed and optional fields absent when unset", () => {
    const back = JSON.parse(out);
    const part = back.charts[0].parts[0];
    expect(Object.keys(part.shapes[1])).toEqual(["id", "kind", "x", "y", "w", "h", "text", "textBox", "font", "source"]);
    expect(Object.keys(part.shapes[0])).toEqual(["id", "kind", "x", "y", "w", "h", "text", "textBox", "font"]);
    expect(Object.keys(part.edges[4])).toEqual(["id", "from", "to", "points", "arrow", "label", "labelBox"]);
    expect(Object.keys(part.edges[0])).toEqual(["id", "from", "to", "points", "arrow"]);
    expect(Object.keys(back.charts[0])).toEqual(["name", "main", "figure", "module", "caption", "x", "y", "width", "height", "parts"]);
    expect(part.edges[5].to).toBeNull();
  });

  test("drops keys that are not part of Geometry", () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test adds keys the Geometry type does not have
    const g2 = sampleGeometry() as any;
    g2.debug = { t: 1 };
    g2.charts[0].parts[0].shapes[0].node = { kind: "terminal" };
    g2.charts[0].parts[0].edges[0].source = 3;
    const s = renderJson(g2);
    expect(s).toBe(out);
  });

  test("rounds to 0.01 without -0", () => {
    const g2 = sampleGeometry();
    g2.width = 185.004;
    g2.height = 206.996;
    g2.stroke = 0.35000000000000003;
    const s = g2.charts[0]!.parts[0]!.shapes[0]!;
    s.x = 1 / 3;
    s.y = -0.0001;
    s.textBox.w = 12.3456;
    g2.charts[0]!.parts[0]!.edges[0]!.points[0] = { x: -0, y: 2.675000001 };
    const s2 = renderJson(g2);
    expect(s2).toContain(`"width":185,"height":207,"stroke":0.35,`);
    expect(s2).toContain(`"kind":"terminator","x":0.33,"y":0,`);
    expect(s2).toContain(`"w":12.35`);
    expect(s2).toContain(`"points":[{"x":0,"y":2.68}`);
    expect(s2).not.toMatch(/-0[,}\]]/);
    for (const m of s2.matchAll(/-?\d+\.\d+/g)) expect(m[0].split(".")[1]!.length).toBeLessThanOrEqual(2);
    expect(validate(JSON.parse(s2))).toBe(true);
  });

  test("rejects non-finite numbers instead of writing null", () => {
    const g2 = sampleGeometry();
    g2.charts[0]!.parts[0]!.shapes[0]!.w = NaN;
    expect(() => renderJson(g2)).toThrow(/non-finite/);
    g2.charts[0]!.parts[0]!.shapes[0]!.w = Infinity;
    expect(() => renderJson(g2)).toThrow(/non-finite/);
  });

  test("Cyrillic, emoji, XML specials and control characters survive as valid JSON", () => {
    const g2 = sampleGeometry();
    const s = g2.charts[0]!.parts[0]!.shapes[0]!;
    s.text = ["Ґґ Єє Іі Її", "🙂 <&>\"'", "a\u0000b\u001F\uD800c"];
    const j = renderJson(g2);
    expect(j).toContain(`"Ґґ Єє Іі Її","🙂 <&>\\"'"`);
    expect(j).toContain(`a\\u0000b\\u001f\\ud800c`);
    expect(JSON.parse(j).charts[0].parts[0].shapes[0].text).toEqual(s.text);
    expect(renderJson(JSON.parse(j))).toBe(j);
    expect(validate(JSON.parse(j))).toBe(true);
  });
});
