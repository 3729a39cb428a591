/**
 * The geometry checker must be able to fail: one hand-built valid chart passes, and one broken
 * variant per rule (a–m) produces exactly the violation of that rule.
 */
import { describe, expect, test } from "bun:test";
import type { Box, Edge, Geometry, Part, Point, Shape, ShapeKind } from "../engine/geometry/types.ts";
import { checkGeometry } from "./support/geometry-checker.ts";
import { cpuClock } from "./support/cpu-time.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const FONT = { family: "Tinos", size: 12 };

function shape(id: string, kind: ShapeKind, x: number, y: number, w: number, h: number, text: string[] = []): Shape {
  const pad = kind === "decision" ? { x: w / 4, y: h / 4 } : { x: 1.5, y: 1.5 };
  return { id, kind, x, y, w, h, text, textBox: { x: x + pad.x, y: y + pad.y, w: w - 2 * pad.x, h: h - 2 * pad.y }, font: FONT };
}

function edge(id: string, from: string | null, to: string | null, pts: [number, number][], extra: Partial<Edge> = {}): Edge {
  return { id, from, to, points: pts.map(([x, y]): Point => ({ x, y })), arrow: false, ...extra };
}

function part(index: number, shapes: Shape[], edges: Edge[]): Part {
  return { index, x: 0, y: 0, width: 200, height: 200, shapes, edges };
}

function geometry(parts: Part[]): Geometry {
  return {
    unit: "mm",
    width: 200,
    height: 200,
    stroke: 0.35,
    font: FONT,
    charts: [
      {
        name: "main",
        main: true,
        figure: 1,
        module: 20,
        caption: { text: "Рисунок 1", lines: ["Рисунок 1"], box: { x: 0, y: 190, w: 100, h: 6 }, font: { family: "Tinos", size: 14 } },
        x: 0,
        y: 0,
        width: 200,
        height: 200,
        parts,
      },
    ],
  };
}

/**
 * Start → P → D ─Так (down)→ A ──────────┬→ End
 *               └Ні (right)→ B ─(left)─┘ (merge at 50,110)
 */
function base(): { shapes: Shape[]; edges: Edge[] } {
  const yesBox: Box = { x: 51.5, y: 71, w: 10, h: 4 };
  const noBox: Box = { x: 67, y: 54.5, w: 8, h: 4 };
  return {
    shapes: [
      shape("start", "terminator", 35, 0, 30, 10, ["Початок"]),
      shape("p", "process", 35, 20, 30, 20, ["x := 1"]),
      shape("d", "decision", 35, 50, 30, 20, ["x > 0"]),
      shape("a", "process", 35, 80, 30, 20, ["y := 1"]),
      shape("b", "process", 75, 80, 30, 20, ["y := 2"]),
      shape("end", "terminator", 35, 120, 30, 10, ["Кінець"]),
    ],
    edges: [
      edge("e1", "start", "p", [[50, 10], [50, 20]]),
      edge("e2", "p", "d", [[50, 40], [50, 50]]),
      edge("yes", "d", "a", [[50, 70], [50, 80]], { label: "Так", labelBox: yesBox }),
      edge("no", "d", "b", [[65, 60], [90, 60], [90, 80]], { label: "Ні", labelBox: noBox }),
      edge("ma", "a", null, [[50, 100], [50, 110]]),
      edge("mb", "b", null, [[90, 100], [90, 110], [50, 110]], { arrow: true }),
      edge("mc", null, "end", [[50, 110], [50, 120]]),
    ],
  };
}

function check(mutate: (c: { shapes: Shape[]; edges: Edge[] }) => void = () => {}): string[] {
  const c = base();
  mutate(c);
  return checkGeometry(geometry([part(0, c.shapes, c.edges)]));
}

const byId = <T extends { id: string }>(list: T[], id: string): T => {
  const found = list.find((x) => x.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

/** Exactly one violation (or all violations) of the given rule, each mentioning `mentions`. */
function expectOnly(violations: string[], rule: string, mentions: string[], count = 1): void {
  expect(violations.length).toBe(count);
  for (const v of violations) {
    expect(v.startsWith(`[${rule}]`)).toBe(true);
    for (const m of mentions) expect(v).toContain(m);
  }
}

/**
 * A switch whose bus is cut by a page connector pair (switch-rows.ts): part 0 holds the diamond and
 * the first row (value 1 off the right vertex); its bottom exit runs unlabelled into the outer
 * connector А, and on part 1 the line from the inner А is the column of value 2.
 */
function splitSwitch(): Part[] {
  const p0 = part(0, [
    shape("start", "terminator", 35, 0, 30, 10, ["Початок"]),
    shape("d", "decision", 35, 20, 30, 20, ["k"]),
    shape("c1", "process", 75, 50, 30, 20, ["a"]),
    shape("oa", "connector", 45, 60, 10, 10, ["А"]),
    shape("ob", "connector", 85, 80, 10, 10, ["Б"]),
  ], [
    edge("e1", "start", "d", [[50, 10], [50, 20]]),
    edge("k1", "d", "c1", [[65, 30], [90, 30], [90, 50]], { label: "1", labelBox: { x: 67, y: 25, w: 6, h: 4 } }),
    edge("spine", "d", "oa", [[50, 40], [50, 60]]),
    edge("j1", "c1", "ob", [[90, 70], [90, 80]]),
  ]);
  const p1 = part(1, [
    shape("ia", "connector", 45, 5, 10, 10, ["А"]),
    shape("c2", "process", 35, 25, 30, 20, ["b"]),
    shape("ib", "connector", 60, 50, 10, 10, ["Б"]),
    shape("end", "terminator", 35, 80, 30, 10, ["Кінець"]),
  ], [
    edge("k2", "ia", "c2", [[50, 15], [50, 25]], { label: "2", labelBox: { x: 51.5, y: 16, w: 6, h: 4 } }),
    edge("j2", "c2", "end", [[50, 45], [50, 80]]),
    edge("jb", "ib", null, [[65, 60], [65, 65], [50, 65]], { arrow: true }),
  ]);
  return [p0, p1];
}

describe("valid geometries pass", () => {
  test("Start → process → decision with two labelled exits → merge → End", () => {
    expect(check()).toEqual([]);
  });

  test("T-merge onto the continuing line instead of a three-edge junction", () => {
    const v = check((c) => {
      c.edges = c.edges.filter((e) => e.id !== "mc" && e.id !== "ma");
      c.edges.push(edge("ma", "a", "end", [[50, 100], [50, 120]]));
      byId(c.edges, "mb").points = [{ x: 90, y: 100 }, { x: 90, y: 112 }, { x: 50, y: 112 }];
    });
    expect(v).toEqual([]);
  });

  test("chart split into two parts joined by a connector pair", () => {
    const c = base();
    const p0 = part(0, [shape("start", "terminator", 35, 0, 30, 10, ["Початок"]), shape("o", "connector", 45, 20, 10, 10, ["А"])], [
      edge("e0", "start", "o", [[50, 10], [50, 20]]),
    ]);
    const rest = c.shapes.filter((s) => s.id !== "start");
    rest.push(shape("i", "connector", 45, 5, 10, 10, ["А"]));
    const edges = c.edges.filter((e) => e.id !== "e1");
    edges.push(edge("e1", "i", "p", [[50, 15], [50, 20]]));
    expect(checkGeometry(geometry([p0, part(1, rest, edges)]))).toEqual([]);
  });

  test("an infinite loop without exit (loop-limit pair, no End) is exempt from rule l", () => {
    const shapes = [
      shape("start", "terminator", 35, 0, 30, 10, ["Початок"]),
      shape("lb", "loop_begin", 35, 20, 30, 20, ["Цикл 1"]),
      shape("p", "process", 35, 50, 30, 20, ["x := x + 1"]),
      shape("le", "loop_end", 35, 80, 30, 20, ["Цикл 1"]),
    ];
    const edges = [
      edge("e1", "start", "lb", [[50, 10], [50, 20]]),
      edge("e2", "lb", "p", [[50, 40], [50, 50]]),
      edge("e3", "p", "le", [[50, 70], [50, 80]]),
    ];
    expect(checkGeometry(geometry([part(0, shapes, edges)]))).toEqual([]);
  });

  test("a labelled exit that ends at a junction and continues as one unlabelled edge", () => {
    const v = check((c) => {
      // "Ні" is cut at (90, 70); its continuation carries no label of its own
      byId(c.edges, "no").points = [{ x: 65, y: 60 }, { x: 90, y: 60 }, { x: 90, y: 70 }];
      byId(c.edges, "no").to = null;
      c.edges.push(edge("no2", null, "b", [[90, 70], [90, 80]]));
    });
    expect(v).toEqual([]);
  });

  test("switch bus: one stem splits into labelled columns", () => {
    const shapes = [
      shape("start", "terminator", 5, 0, 30, 10, ["Початок"]),
      shape("d", "decision", 5, 20, 30, 20, ["k"]),
      shape("c1", "process", 5, 60, 30, 20, ["a"]),
      shape("c2", "process", 55, 60, 30, 20, ["b"]),
      shape("c3", "process", 105, 60, 30, 20, ["c"]),
      shape("end", "terminator", 5, 110, 30, 10, ["Кінець"]),
    ];
    const lb = (x: number): Box => ({ x: x + 1.5, y: 47, w: 6, h: 4 });
    const edges = [
      edge("e1", "start", "d", [[20, 10], [20, 20]]),
      edge("stem", "d", null, [[20, 40], [20, 45]]),
      edge("k1", null, "c1", [[20, 45], [20, 60]], { label: "1", labelBox: lb(20) }),
      edge("k2", null, "c2", [[20, 45], [70, 45], [70, 60]], { label: "2", labelBox: lb(70) }),
      edge("k3", null, "c3", [[70, 45], [120, 45], [120, 60]], { label: "3", labelBox: lb(120) }),
      edge("j1", "c1", "end", [[20, 80], [20, 110]]),
      edge("j2", "c2", null, [[70, 80], [70, 95], [20, 95]], { arrow: true }),
      edge("j3", "c3", null, [[120, 80], [120, 95], [70, 95]], { arrow: true }),
    ];
    expect(checkGeometry(geometry([part(0, shapes, edges)]))).toEqual([]);
  });
  test("a switch's branch cut by a connector pair reaches its labelled column on the next part", () => {
    expect(checkGeometry(geometry(splitSwitch()))).toEqual([]);
  });
});

describe("each rule can fail", () => {
  test("a: overlapping shapes", () => {
    const v = check((c) => c.shapes.push(shape("note", "comment", 60, 25, 20, 10)));
    expectOnly(v, "a", ["note", "p"]);
  });

  test("a: label box over a shape", () => {
    const v = check((c) => (byId(c.edges, "yes").labelBox = { x: 51.5, y: 68, w: 10, h: 4 }));
    expectOnly(v, "a", ["d", "yes"]);
  });

  test("b: oblique segment", () => {
    const v = check((c) => {
      byId(c.edges, "mb").points = [{ x: 90, y: 100 }, { x: 90, y: 105 }, { x: 91, y: 108 }, { x: 91, y: 110 }, { x: 50, y: 110 }];
    });
    expectOnly(v, "b", ["mb", "neither horizontal nor vertical"]);
  });

  test("b: zero-length segment", () => {
    const v = check((c) => byId(c.edges, "mb").points.splice(1, 0, { x: 90, y: 100 }));
    expectOnly(v, "b", ["mb", "zero-length"]);
  });

  test("b: edge with one point", () => {
    const v = check((c) => c.edges.push(edge("lonely", null, null, [[150, 150]])));
    expectOnly(v, "b", ["lonely"]);
  });

  test("c: a line through a shape", () => {
    const v = check((c) => c.shapes.push(shape("note", "comment", 45, 12, 10, 6)));
    expectOnly(v, "c", ["e1", "note"]);
  });

  test("d: a line within 0.2 mm of a label", () => {
    const v = check((c) => (byId(c.edges, "yes").labelBox = { x: 50.1, y: 71, w: 10, h: 4 }));
    expectOnly(v, "d", ["yes"]);
  });

  test("e: a proper crossing", () => {
    const v = check((c) => {
      c.shapes.push(shape("k1", "comment", 0, 12, 8, 6), shape("k2", "comment", 90, 12, 8, 6));
      c.edges.push(edge("link", "k1", "k2", [[8, 15], [90, 15]]));
    });
    expectOnly(v, "e", ["link", "e1", "cross"]);
  });

  test("e: collinear overlap", () => {
    const v = check((c) => (byId(c.edges, "ma").points = [{ x: 50, y: 100 }, { x: 50, y: 115 }]));
    expectOnly(v, "e", ["ma", "mc", "run along"]);
  });

  test("e: lines touching without a junction (two corners kissing)", () => {
    const v = check((c) => {
      c.shapes.push(
        shape("kp", "comment", 110, 117, 6, 6),
        shape("kp2", "comment", 137, 140, 6, 6),
        shape("kq", "comment", 137, 100, 6, 6),
        shape("kq2", "comment", 160, 117, 6, 6),
      );
      c.edges.push(edge("p", "kp", "kp2", [[116, 120], [140, 120], [140, 140]]));
      c.edges.push(edge("q", "kq", "kq2", [[140, 106], [140, 120], [160, 120]]));
    });
    expectOnly(v, "e", ["edges p and q touch at (140, 120)"]);
  });

  test("f: four-way join", () => {
    const v = check((c) => {
      c.shapes.push(shape("k", "comment", 20, 107, 6, 6));
      c.edges.push(edge("side", "k", null, [[26, 110], [50, 110]]));
    });
    expectOnly(v, "f", ["50, 110", "side", "ma", "mb"]);
  });

  test("g: a right-to-left line without an arrowhead", () => {
    const v = check((c) => (byId(c.edges, "mb").arrow = false));
    expectOnly(v, "g", ["mb", "left"]);
  });

  test("g: an arrowhead that does not mark the reverse run", () => {
    const v = check((c) => {
      c.shapes.push(shape("k1", "comment", 120, 30, 6, 6), shape("k2", "comment", 107, 40, 6, 6));
      c.edges.push(edge("back", "k1", "k2", [[120, 33], [110, 33], [110, 40]], { arrow: true }));
    });
    expectOnly(v, "g", ["back", "left", "down"]);
  });

  test("h: a branch cut by a connector pair whose continuation has no label either", () => {
    const parts = splitSwitch();
    const k2 = byId(parts[1]!.edges, "k2");
    delete k2.label;
    delete k2.labelBox;
    expectOnly(checkGeometry(geometry(parts)), "h", ["k2", "d", "label"]);
  });

  test("h: a decision exit without a label", () => {
    const v = check((c) => {
      const no = byId(c.edges, "no");
      delete no.label;
      delete no.labelBox;
    });
    expectOnly(v, "h", ["no", "d", "label"]);
  });

  test("h: a decision with a single exit", () => {
    const shapes = [
      shape("start", "terminator", 35, 0, 30, 10, ["Початок"]),
      shape("d", "decision", 35, 20, 30, 20, ["x > 0"]),
      shape("end", "terminator", 35, 50, 30, 10, ["Кінець"]),
    ];
    const edges = [
      edge("e1", "start", "d", [[50, 10], [50, 20]]),
      edge("e2", "d", "end", [[50, 40], [50, 50]], { label: "Так", labelBox: { x: 52, y: 41, w: 8, h: 4 } }),
    ];
    expectOnly(checkGeometry(geometry([part(0, shapes, edges)])), "h", ["d", "1 branch"]);
  });

  test("i: a line of text wider than its text box", () => {
    const v = check((c) => (byId(c.shapes, "p").text = ["a text line far too long for thirty millimetres"]));
    expectOnly(v, "i", ["p", "wide"]);
  });

  test("i: more lines than the text box holds", () => {
    const v = check((c) => (byId(c.shapes, "p").text = ["a", "b", "c", "d"]));
    expectOnly(v, "i", ["p", "4 line(s)"]);
  });

  test("i: text box outside the shape", () => {
    const v = check((c) => (byId(c.shapes, "p").textBox.x = 30));
    expectOnly(v, "i", ["p", "outside"]);
  });

  test("j: a connector that is neither outer nor inner", () => {
    const v = check((c) => {
      c.shapes.push(shape("x", "connector", 45, 13, 10, 4, []));
      byId(c.edges, "e1").points = [{ x: 50, y: 10 }, { x: 50, y: 13 }];
      byId(c.edges, "e1").to = "x";
      c.edges.push(edge("e1b", "x", "p", [[50, 17], [50, 20]]));
      c.edges.push(edge("e1c", "x", "p", [[50, 17], [50, 20]]));
    });
    expect(v.some((m) => m.startsWith("[j]") && m.includes("1 incoming and 2 outgoing"))).toBe(true);
  });

  test("j: an outer connector without its inner one", () => {
    const c = base();
    const p0 = part(0, [shape("start", "terminator", 35, 0, 30, 10, ["Початок"]), shape("o", "connector", 45, 20, 10, 10, ["А"])], [
      edge("e0", "start", "o", [[50, 10], [50, 20]]),
    ]);
    const rest = c.shapes.filter((s) => s.id !== "start");
    rest.push(shape("i", "connector", 45, 5, 10, 10, ["Б"]));
    const edges = c.edges.filter((e) => e.id !== "e1");
    edges.push(edge("e1", "i", "p", [[50, 15], [50, 20]]));
    const v = checkGeometry(geometry([p0, part(1, rest, edges)]));
    const j = v.filter((m) => m.startsWith("[j]"));
    expect(j.length).toBe(2);
    expect(j.some((m) => m.includes("outer connector o"))).toBe(true);
    expect(j.some((m) => m.includes("inner connector i"))).toBe(true);
    // the rest are the consequences: part 1 is unreachable, Start reaches no end
    expect(v.every((m) => /^\[[jkl]\]/.test(m))).toBe(true);
  });

  test("k: a shape unreachable from Start", () => {
    const v = check((c) => c.shapes.push(shape("stray", "terminator", 100, 0, 30, 10, ["Кінець"])));
    expectOnly(v, "k", ["stray"]);
  });

  test("l: a dead end", () => {
    const v = check((c) => {
      c.edges = c.edges.filter((e) => e.id !== "mb");
    });
    expectOnly(v, "l", ["b"]);
  });

  test("m: an edge ending off its target's boundary", () => {
    const v = check((c) => (byId(c.edges, "mc").points = [{ x: 50, y: 110 }, { x: 50, y: 119 }]));
    expectOnly(v, "m", ["mc", "end", "boundary"]);
  });

  test("m: an edge referring to a missing shape", () => {
    const v = check((c) => {
      c.shapes.push(shape("k", "comment", 100, 0, 6, 6));
      c.edges.push(edge("ghostly", "k", "ghost", [[103, 6], [103, 20]]));
    });
    expectOnly(v, "m", ["ghostly", "ghost"]);
  });

  test("m: a junction end on no other line", () => {
    const v = check((c) => {
      c.shapes.push(shape("k", "comment", 100, 0, 6, 6));
      c.edges.push(edge("loose", "k", null, [[103, 6], [103, 20]]));
    });
    expectOnly(v, "m", ["loose", "on no other line"]);
  });

  test("m: a comment link (S10) must leave the middle of the symbol's right side and end on a bracket", () => {
    const withComment = (link: [number, number][], extra: Partial<Edge> = {}) =>
      check((c) => {
        c.shapes.push(shape("note", "comment", 120, 20, 40, 20, ["x := 1 …"]));
        c.edges.push(edge("link", "p", "note", link, { dashed: true, ...extra }));
      });
    expect(withComment([[65, 30], [120, 30]])).toEqual([]);
    expectOnly(withComment([[65, 25], [120, 25]]), "m", ["link", "middle of the right side"]);
    expectOnly(withComment([[65, 30], [120, 30]], { arrow: true }), "m", ["link", "arrowhead"]);
  });

  test("m: an edge leaving a shape at a non-port point", () => {
    const v = check((c) => (byId(c.edges, "e2").points = [{ x: 45, y: 40 }, { x: 45, y: 45 }, { x: 50, y: 45 }, { x: 50, y: 50 }]));
    expectOnly(v, "m", ["e2", "not an output port"]);
  });
});

describe("speed", () => {
  test("a large synthetic chart (700 if/else units, 2102 shapes) is checked quickly (CPU time, not the wall clock)", () => {
    const shapes: Shape[] = [shape("start", "terminator", 35, 0, 30, 10, ["Початок"])];
    const edges: Edge[] = [];
    const from = "start";
    let fromPts: [number, number][] = [[50, 10]];
    let fromNull = false;
    const H = 70;
    for (let k = 0; k < 700; k++) {
      const y = 20 + k * H;
      const [d, a, b] = [`d${k}`, `a${k}`, `b${k}`];
      shapes.push(
        shape(d, "decision", 35, y, 30, 20, ["x > 0"]),
        shape(a, "process", 35, y + 30, 30, 20, ["y := 1"]),
        shape(b, "process", 75, y + 30, 30, 20, ["y := 2"]),
      );
      edges.push(edge(`in${k}`, fromNull ? null : from, d, [...fromPts, [50, y]]));
      edges.push(edge(`yes${k}`, d, a, [[50, y + 20], [50, y + 30]], { label: "Так", labelBox: { x: 51.5, y: y + 21, w: 10, h: 4 } }));
      edges.push(edge(`no${k}`, d, b, [[65, y + 10], [90, y + 10], [90, y + 30]], { label: "Ні", labelBox: { x: 67, y: y + 4.5, w: 8, h: 4 } }));
      edges.push(edge(`ma${k}`, a, null, [[50, y + 50], [50, y + 60]]));
      edges.push(edge(`mb${k}`, b, null, [[90, y + 50], [90, y + 60], [50, y + 60]], { arrow: true }));
      fromNull = true;
      fromPts = [[50, y + 60]];
    }
    const endY = 20 + 700 * H;
    shapes.push(shape("end", "terminator", 35, endY, 30, 10, ["Кінець"]));
    edges.push(edge("last", null, "end", [...fromPts, [50, endY]]));
    const g = geometry([part(0, shapes, edges)]);
    checkGeometry(g); // warm-up (JIT)
    const cpu = cpuClock();
    const v = checkGeometry(g);
    const ms = cpu();
    console.log(`checkGeometry: ${shapes.length} shapes, ${edges.length} edges in ${ms.toFixed(1)} ms`);
    expect(v).toEqual([]);
    expect(ms).toBeLessThan(1000);
  });
});
