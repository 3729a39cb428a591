/**
 * The report's page setup (report-conventions.md, ДСТУ 3008:2015): A4 portrait, margins 25/10/20/20 mm
 * (left/right/top/bottom) — so the usable area is 175 × 257 mm, wider than a chart sheet's 170 mm —
 * Times New Roman 14 pt at 1.5 spacing, listings in a monospace 11 pt at single spacing, the page
 * number at the top right in the top margin. All three renderers (docx, pdf, typst) read it from here.
 */
import { PT } from "../geometry/style.ts";
import { lineHeightMm } from "../text/measure.ts";

export const REPORT_PAGE = { width: 210, height: 297, left: 25, right: 10, top: 20, bottom: 20 } as const;
export const USABLE = { width: REPORT_PAGE.width - REPORT_PAGE.left - REPORT_PAGE.right, height: REPORT_PAGE.height - REPORT_PAGE.top - REPORT_PAGE.bottom } as const;

/** Body text: size (pt) and the pitch of its lines at 1.5 spacing (mm). */
export const TEXT_SIZE = 14;
export const TEXT_PITCH = 1.5 * lineHeightMm(TEXT_SIZE);
/** The page number's baseline, mm from the top edge (in the top margin). */
export const PAGE_NUMBER_BASELINE = 12;

/** Listings: size (pt), single-spaced pitch (mm), and a monospace advance of 0.6 em (Courier New, DejaVu Sans Mono ≈ 0.602). */
export const LISTING_SIZE = 11;
export const LISTING_PITCH = lineHeightMm(LISTING_SIZE);
export const LISTING_ADVANCE = 0.602 * LISTING_SIZE * PT;
/** Characters a listing line holds across the usable width, one kept spare for rounding in Word. */
export const LISTING_COLUMNS = Math.floor(USABLE.width / LISTING_ADVANCE) - 1;

/** The report's text font: Word and Typst are told Times New Roman; the PDF embeds its metric twin Tinos. */
export const TEXT_FONT = "Times New Roman";
export const LISTING_FONT = "Courier New";
