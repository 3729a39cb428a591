/**
 * The playground at `/`: editor on the left, chart on the right. The page arrives with the first
 * example already drawn (inline SVG rendered on the server), so a first-time visitor sees a chart
 * before any script runs; the scripts then take over and re-draw in the browser.
 */
import { raw } from "hono/html";
import { FORMATS, SOURCE_EXTENSIONS } from "../../../engine/index.ts";
import { CUSTOM_TEXT_OPTIONS, type Texts } from "../../../engine/options.ts";
import { SOURCE_LANGS, type SourceLang } from "../../client/protocol.ts";
import type { Example } from "../examples.ts";
import { Layout, type PageFrame } from "./layout.tsx";

export const LANG_NAMES: Record<SourceLang, string> = {
  python: "Python", c: "C", cpp: "C++", java: "Java", csharp: "C#", pascal: "Pascal",
  javascript: "JavaScript", typescript: "TypeScript", go: "Go", php: "PHP",
};

/** What the file picker offers: every extension a source language is told by, and plain text. */
const ACCEPT = [...SOURCE_EXTENSIONS.filter((ext) => ext !== "json").map((ext) => `.${ext}`), "text/plain"].join(",");

/** The fonts offered (one name per font of the engine's allowlist). */
const FONTS = ["Times New Roman", "Arial", "PT Serif", "PT Sans", "DejaVu Sans"];

const FORMAT_LABELS: Record<(typeof FORMATS)[number], string> = {
  docx: "DOCX", pdf: "PDF", png: "PNG", svg: "SVG", typst: "Typst", excalidraw: "Excalidraw", json: "JSON", drawio: "draw.io", vsdx: "Visio",
};
/** Download buttons in the order a student looks for them. */
const DOWNLOAD_ORDER = ["docx", "pdf", "png", "svg", "drawio", "vsdx", "typst", "excalidraw", "json"] as const;

interface PlaygroundProps extends PageFrame {
  examples: Example[];
  /** The first example drawn on the server (SVG markup without the XML declaration). */
  svg: string;
  /** The engine's standard texts per chart locale: placeholders of the custom-text fields. */
  defaults: Record<string, Texts>;
}

/** A JSON data island: not executed, so the Content-Security-Policy needs no inline-script exception. */
function data(id: string, value: unknown) {
  // "<" escaped so no text can close the element early.
  return <script type="application/json" id={id}>{raw(JSON.stringify(value).replace(/</g, "\\u003c"))}</script>;
}

export function PlaygroundPage(props: PlaygroundProps) {
  const { t, examples } = props;
  const p = t.playground;
  const first = examples[0]!;
  return (
    <Layout {...props} title={p.title} scripts={["playground.js", "report.js"]} wide>
      <h1 class="visually-hidden">{p.title}</h1>
      <p class="intro">{p.intro}</p>
      <div class="playground" id="playground">
        <section class="pane editor-pane" aria-label={p.editorLabel}>
          <div class="toolbar">
            <label>
              <span>{p.language}</span>
              <select id="lang" name="lang">
                {SOURCE_LANGS.map((lang) => <option value={lang} selected={lang === first.lang}>{LANG_NAMES[lang]}</option>)}
              </select>
            </label>
            <label>
              <span>{p.example}</span>
              <select id="example">
                {/* Chosen by the page once the text is the student's own: the menu never names an example that is gone. */}
                <option value="" disabled>{t.client.ownCode}</option>
                {examples.map((e, i) => <option value={String(i)} selected={i === 0}>{e.file}</option>)}
              </select>
            </label>
            <label class="file-button">
              <input type="file" id="file" accept={ACCEPT} />
              <span>{p.openFile}</span>
            </label>
          </div>
          <p id="guess" class="guess" role="status" hidden></p>
          <div id="editor" class="editor" data-hint={p.dropHint}>
            <textarea id="source" aria-label={p.editorLabel} spellcheck={false}>{first.code}</textarea>
          </div>
          <p id="status" class="status" role="status" aria-live="polite"></p>
        </section>
        <section class="pane preview-pane" aria-label={p.preview}>
          <div class="toolbar">
            <label id="fn-label" hidden>
              <span>{p.function}</span>
              <select id="fn">
                <option value="">{p.allFunctions}</option>
              </select>
            </label>
            {/* biome-ignore lint/a11y/useSemanticElements: role=group is the ARIA form of a fieldset, without its border and legend layout */}
            <div class="zoom" role="group" aria-label={p.zoomFit}>
              <button type="button" id="zoom-out" aria-label={p.zoomOut} title={p.zoomOut}>−</button>
              <button type="button" id="zoom-real" title={p.zoomReal}>{p.zoomReal}</button>
              <button type="button" id="zoom-fit" title={p.zoomFit}>{p.zoomFit}</button>
              <button type="button" id="zoom-in" aria-label={p.zoomIn} title={p.zoomIn}>+</button>
            </div>
          </div>
          <p id="stale-note" class="stale-note" role="status" hidden>{t.client.stale}</p>
          {/* biome-ignore lint/a11y/useSemanticElements: a region div keeps the preview's pan/zoom styles and scripts, which select div#preview */}
          <div id="preview" class="preview" role="region" tabindex={0} aria-label={p.preview}>
            {raw(props.svg)}
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: role=group is the ARIA form of a fieldset, without its border and legend layout */}
          <div class="downloads" role="group" aria-labelledby="download-title">
            <span id="download-title" class="group-title">{p.download}</span>
            {DOWNLOAD_ORDER.map((format) => (
              <button type="button" class="download" data-format={format}>{FORMAT_LABELS[format]}</button>
            ))}
            <label class="scale">
              <span>{p.pngScale}</span>
              <input type="number" id="scale" min="1" max="10" step="1" value="3" />
            </label>
            <button type="button" id="share" class="share">{t.client.share}</button>
          </div>
          <p id="share-note" class="share-note" role="status" hidden>
            <span id="share-text"></span> <input type="text" id="share-link" readonly hidden aria-label={t.client.shareReady} />
          </p>
          <details class="options">
            <summary>{p.options}</summary>
            <form id="options" class="options-form">
              <label>
                <span>{p.chartLocale}</span>
                <select name="locale">
                  <option value="uk" selected={props.locale === "uk"}>{p.localeUk}</option>
                  <option value="en" selected={props.locale === "en"}>{p.localeEn}</option>
                </select>
              </label>
              <label>
                <span>{p.font}</span>
                <select name="font">{FONTS.map((f) => <option value={f}>{f}</option>)}</select>
              </label>
              <label>
                <span>{p.forFormat}</span>
                <select name="forFormat">
                  <option value="comma">{p.forComma}</option>
                  <option value="range">{p.forRange}</option>
                  <option value="verbose">{p.forVerbose}</option>
                </select>
              </label>
              <label>
                <span>{p.figStart}</span>
                <input type="number" name="figStart" min="0" max="100000" value="1" />
              </label>
              {(["singleEnd", "mainOnlyTerminators", "callAsProcess", "stripTypes", "returnAsIO", "verbatim", "split"] as const).map((name) => (
                <label class="check">
                  <input type="checkbox" name={name} />
                  <span>{p[name]}</span>
                </label>
              ))}
              <fieldset class="custom-texts">
                <legend>{p.customTexts}</legend>
                <p class="hint">{p.customHint}</p>
                {CUSTOM_TEXT_OPTIONS.filter((o) => o !== "forFormat").map((name) => (
                  <label>
                    <span>{p.texts[name]}</span>
                    <input type="text" name={name} maxlength={200} autocomplete="off" />
                  </label>
                ))}
              </fieldset>
            </form>
          </details>
          <p class="hint print-hint">{p.printHint}</p>
        </section>
      </div>
      <ReportPanel t={t.report} />
      <p class="api-link"><a href="/v1/docs">{p.apiLink}</a></p>
      <p class="hint" id="offline-note" hidden>{t.client.offlineReady}</p>
      {data("examples", examples)}
      {data("texts", t.client)}
      {data("default-texts", props.defaults)}
      {data("report-texts", t.report)}
    </Layout>
  );
}

/** The report panel (issue 26; site/client/report.ts): files or a folder → one report document. */
function ReportPanel({ t }: { t: PlaygroundProps["t"]["report"] }) {
  const accept = SOURCE_EXTENSIONS.map((e) => `.${e}`).join(",");
  return (
    <details class="options report-panel" id="report">
      <summary>{t.title}</summary>
      <p class="hint">{t.intro}</p>
      <p>
        <label class="button">{t.files}<input type="file" id="report-files" multiple accept={accept} class="visually-hidden" /></label>{" "}
        <label class="button">{t.folder}<input type="file" id="report-folder" multiple class="visually-hidden" {...{ webkitdirectory: "" }} /></label>{" "}
        <button type="button" id="report-clear">{t.clear}</button>
      </p>
      <ol id="report-list" class="report-list" />
      <p>
        <label>
          <span>{t.layout}</span>{" "}
          <select id="report-layout">
            <option value="appendices" selected>{t.appendices}</option>
            <option value="inline">{t.inline}</option>
          </select>
        </label>{" "}
        <label><input type="checkbox" id="report-listings" checked /> {t.listings}</label>
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: role=group is the ARIA form of a fieldset, as the chart downloads' group */}
      <div class="downloads" role="group" aria-label={t.download}>
        <button type="button" class="report-action" id="report-show" disabled>{t.show}</button>
        {(["docx", "pdf", "typst"] as const).map((format) => (
          <button type="button" class="report-action report-download" data-format={format} disabled>{`${t.download}: ${format === "typst" ? "Typst" : format.toUpperCase()}`}</button>
        ))}
      </div>
      <p id="report-status" class="status" role="status" aria-live="polite" />
    </details>
  );
}
