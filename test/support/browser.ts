/**
 * Debian's Chromium driven by playwright-core (no browser download): one browser per test file,
 * launched with the team's flags and a fresh profile, plus the site's built client (the tests
 * serve what `npm start` serves).
 */
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildSite } from "../../site/build.ts";

export const CHROMIUM = "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // playwright-core gives every launch a fresh temporary profile (--user-data-dir) of its own.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

let built: Promise<void> | undefined;
/** Builds site/dist once per test process (as `npm start` does before the server starts). */
export function ensureSiteBuilt(): Promise<void> {
  return (built ??= buildSite());
}

/** Where the test run leaves its screenshots (look at them). */
export const SCREENSHOTS = new URL("../../out/screenshots/", import.meta.url).pathname;

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

/** Collects the page's Content-Security-Policy violations and script errors (a test expects none). */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** Phone and desktop viewports of the screenshots. */
export const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
