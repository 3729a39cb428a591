/** The site's languages: Ukrainian by default, English on request (remembered in a cookie). */
import { en } from "./en.ts";
import { uk } from "./uk.ts";

export type SiteTexts = typeof uk;
export type ClientTexts = SiteTexts["client"];

export const SITE_LOCALES = ["uk", "en"] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

export const TEXTS: Record<SiteLocale, SiteTexts> = { uk, en };

/** The cookie that remembers the chosen language. */
export const LOCALE_COOKIE = "lang";

export function parseLocale(value: string | undefined): SiteLocale {
  return value === "en" ? "en" : "uk";
}

/** `{name}` placeholders filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
