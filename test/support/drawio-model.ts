/**
 * Loads .drawio files with @maxgraph/core (the maintained mxGraph) in Chromium and reports what its
 * model and view hold: every cell with its source/target and the bounds and points of its drawn
 * state, and where an edge's ends go when one vertex is moved. The library is bundled for the
 * browser once per process (Bun.build) and injected into a blank page.
 */
// biome-ignore-all lint/suspicious/noExplicitAny: the page-side code reads maxGraph's model and view objects, which exist only in the browser page (no types cross page.evaluate); each field read is checked by the tests' assertions
import type { Page } from "playwright-core";

export interface CellReport {
  id: string;
  vertex: boolean;
  edge: boolean;
  source: string | null;
  target: string | null;
  /** Drawn bounds (view state), units. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** An edge's drawn route, units. */
  points: { x: number; y: number }[];
  /** The cell has a drawn shape in the SVG. */
  drawn: boolean;
  label: string;
  /** Where an edge's label is centred (view state's absoluteOffset), units. */
  labelAt: { x: number; y: number } | null;
  link: string | null;
}

export interface DiagramReport {
  id: string;
  name: string;
  pageWidth: number;
  pageHeight: number;
  cells: CellReport[];
}

let bundle: Promise<string> | undefined;

/** maxGraph's Graph and ModelXmlSerializer as one browser script (sets globalThis.mx). */
function maxGraphBundle(): Promise<string> {
  return (bundle ??= (async () => {
    const entry = new URL("./drawio-model-entry.ts", import.meta.url).pathname;
    const built = await Bun.build({ entrypoints: [entry], target: "browser" });
    if (!built.success) throw new Error(`bundling @maxgraph/core failed: ${built.logs.join("\n")}`);
    return built.outputs[0]!.text();
  })());
}

export async function preparePage(page: Page): Promise<void> {
  await page.setContent("<!doctype html><html><body></body></html>");
  await page.addScriptTag({ content: await maxGraphBundle() });
}

/** Every diagram of a .drawio text as maxGraph loads and draws it. */
export async function loadDrawio(page: Page, xml: string): Promise<DiagramReport[]> {
  return page.evaluate((text) => {
    const mx = (globalThis as unknown as { mx: any }).mx;
    const doc = new DOMParser().parseFromString(text, "text/xml");
    return [...doc.getElementsByTagName("diagram")].map((d) => {
      const modelNode = d.getElementsByTagName("mxGraphModel")[0]!;
      const container = document.createElement("div");
      document.body.replaceChildren(container);
      const graph = mx.load(container, new XMLSerializer().serializeToString(modelNode));
      const cells = Object.values(graph.getDataModel().cells as Record<string, any>)
        .filter((c) => c.vertex || c.edge)
        .map((c) => {
          const s = graph.getView().getState(c);
          const value = c.value;
          const isNode = value && typeof value === "object" && "getAttribute" in value;
          return {
            id: c.id,
            vertex: !!c.vertex,
            edge: !!c.edge,
            source: c.source?.id ?? null,
            target: c.target?.id ?? null,
            x: s?.x ?? NaN,
            y: s?.y ?? NaN,
            width: s?.width ?? NaN,
            height: s?.height ?? NaN,
            points: (s?.absolutePoints ?? []).filter(Boolean).map((p: any) => ({ x: p.x, y: p.y })),
            drawn: !!s?.shape?.node?.isConnected,
            label: isNode ? (value.getAttribute("label") ?? "") : String(value ?? ""),
            labelAt: c.edge && s?.absoluteOffset ? { x: s.absoluteOffset.x, y: s.absoluteOffset.y } : null,
            link: isNode ? value.getAttribute("link") : null,
          };
        });
      return { id: d.getAttribute("id")!, name: d.getAttribute("name")!, pageWidth: Number(modelNode.getAttribute("pageWidth")), pageHeight: Number(modelNode.getAttribute("pageHeight")), cells };
    });
  }, xml);
}

/**
 * Moves vertex `id` of diagram `index` by (dx, dy) in maxGraph and returns the route of every edge
 * attached to it, before and after.
 */
export async function moveVertex(page: Page, xml: string, index: number, id: string, dx: number, dy: number) {
  return page.evaluate(
    ([text, index, id, dx, dy]) => {
      const mx = (globalThis as unknown as { mx: any }).mx;
      const doc = new DOMParser().parseFromString(text, "text/xml");
      const modelNode = doc.getElementsByTagName("diagram")[index]!.getElementsByTagName("mxGraphModel")[0]!;
      const container = document.createElement("div");
      document.body.replaceChildren(container);
      const graph = mx.load(container, new XMLSerializer().serializeToString(modelNode));
      const vertex = graph.getDataModel().getCell(id);
      const edges: any[] = vertex.getEdges();
      const route = (e: any) => (graph.getView().getState(e)?.absolutePoints ?? []).map((p: any) => ({ x: p.x, y: p.y }));
      const before = edges.map((e) => ({ id: e.id, source: e.source?.id ?? null, target: e.target?.id ?? null, points: route(e) }));
      graph.moveCells([vertex], dx, dy);
      const after = edges.map((e) => ({ id: e.id, points: route(e) }));
      return { before, after };
    },
    [xml, index, id, dx, dy] as const,
  );
}

/** PNG screenshots of every diagram of a .drawio text as maxGraph draws it, one page each, white paper. */
export async function drawioScreenshots(page: Page, xml: string): Promise<Uint8Array[]> {
  const count = await page.evaluate((text) => new DOMParser().parseFromString(text, "text/xml").getElementsByTagName("diagram").length, xml);
  const shots: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    await page.evaluate(
      ([text, index]) => {
        const mx = (globalThis as unknown as { mx: any }).mx;
        const modelNode = new DOMParser().parseFromString(text, "text/xml").getElementsByTagName("diagram")[index]!.getElementsByTagName("mxGraphModel")[0]!;
        const container = document.createElement("div");
        container.id = "paper";
        container.style.cssText = `position:relative;overflow:hidden;background:#fff;width:${modelNode.getAttribute("pageWidth")}px;height:${modelNode.getAttribute("pageHeight")}px`;
        document.body.style.margin = "0";
        document.body.replaceChildren(container);
        mx.load(container, new XMLSerializer().serializeToString(modelNode));
      },
      [xml, i] as const,
    );
    shots.push(new Uint8Array(await page.locator("#paper").screenshot()));
  }
  return shots;
}
