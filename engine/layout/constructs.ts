/**
 * Every construct of the layout stage. Each module plans and draws its construct and registers
 * with the dispatch in plan.ts when it loads; importing this module loads them all, so the stage
 * that plans a chart (chart.ts) imports it before anything is planned.
 */
import "./simple.ts";
import "./jumps.ts";
import "./branches.ts";
import "./loops.ts";
import "./switch-rows.ts";
import "./fit/flatten.ts";
