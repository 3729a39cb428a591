/**
 * Runs Excalidraw's own loader, `restore()` from @excalidraw/excalidraw, over .excalidraw files and
 * reports what it dropped or changed. A separate process (spawned by test/excalidraw-restore.test.ts):
 * the package needs a DOM, and happy-dom's globals must not leak into the other tests.
 * Usage: bun test/support/excalidraw-restore.ts <file.excalidraw>… → JSON on stdout.
 */
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register();
// happy-dom has no canvas; Excalidraw only probes a 2D context and measures text with it.
const context = new Proxy<Record<string, unknown>>(
  { measureText: (text: string) => ({ width: text.length * 8, actualBoundingBoxAscent: 10, actualBoundingBoxDescent: 3 }), filter: "none" },
  {
    get: (target, prop) => (typeof prop === "string" && prop in target ? target[prop] : () => undefined),
    set: (target, prop, value) => ((target[prop as string] = value), true),
  },
);
(HTMLCanvasElement.prototype as unknown as { getContext: () => unknown }).getContext = () => context;

const { restore } = await import("@excalidraw/excalidraw");

type Element = Record<string, unknown> & { id: string; type: string };

/** The fields that carry our drawing: geometry, bindings, grouping, text, style. */
const KEPT = [
  "type", "x", "y", "width", "height", "angle", "points", "containerId", "startBinding", "endBinding", "boundElements",
  "groupIds", "roughness", "strokeStyle", "strokeWidth", "strokeColor", "backgroundColor", "fillStyle", "text", "originalText",
  "fontSize", "fontFamily", "textAlign", "verticalAlign", "startArrowhead", "endArrowhead", "roundness", "seed", "isDeleted",
] as const;

/** Equal up to float noise (restore recomputes sizes: 307.91 → 307.90999999999997). */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < 1e-6;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

const reports = [];
for (const file of process.argv.slice(2)) {
  const data = JSON.parse(await Bun.file(file).text()) as { elements: Element[] };
  const restored = restore(data as never, null, null).elements as unknown as Element[];
  const byId = new Map(restored.map((e) => [e.id, e]));
  const dropped = data.elements.filter((e) => !byId.has(e.id)).map((e) => `${e.id} (${e.type})`);
  const changed: string[] = [];
  for (const element of data.elements) {
    const after = byId.get(element.id);
    if (!after) continue;
    for (const key of KEPT) {
      if (!same(element[key], after[key])) changed.push(`${element.id}.${key}: ${JSON.stringify(element[key])} → ${JSON.stringify(after[key])}`);
    }
  }
  reports.push({ file, elements: data.elements.length, restored: restored.length, dropped, changed });
}
console.log(JSON.stringify(reports));
