/**
 * The playground page: the editor, the options form and the preview, talking to the engine in a
 * Web Worker. Every edit schedules a re-draw (debounced); answers to older requests than the
 * newest are dropped, so the preview never goes back in time and the editor never waits. A pasted
 * program in another language switches the language (guess-language.ts); errors are said in the
 * site's language (error-text.ts) with their function and line, a click away in the editor.
 */
import type { Format, OmittedStatement } from "../../engine/index.ts";
import { EngineError, type FunctionError } from "../../engine/errors.ts";
import { decodeSourceBytes } from "../../engine/source-bytes.ts";
import { fill, type ClientTexts } from "../i18n/index.ts";
import { byId, readData, saveFile } from "./dom.ts";
import { downloadName } from "./download-name.ts";
import { createEditor, type ChangeSource } from "./editor.ts";
import { engineMessage, problemPlace, problemsOf, type Problem } from "./error-text.ts";
import { guessLanguage } from "./guess-language.ts";
import { createPreview } from "./preview.ts";
import { SOURCE_LANGS, type ChartName, type ChartRequest, type SourceLang, type WorkerAnswer } from "./protocol.ts";
import { languageOfFile } from "./languages.ts";
import { readOptions } from "./options-form.ts";
import { isShareFragment, MAX_LINK_CHARS, readShared, shareLink } from "./share.ts";

interface Example {
  file: string;
  lang: SourceLang;
  code: string;
}

/** Quiet time after the last keystroke before a re-draw: typing stays smooth, the chart follows. */
const DEBOUNCE_MS = 150;

const texts = readData<ClientTexts>("texts");
const examples = readData<Example[]>("examples");
const defaultTexts = readData<Record<string, Record<string, string>>>("default-texts");

const langSelect = byId<HTMLSelectElement>("lang");
const exampleSelect = byId<HTMLSelectElement>("example");
const fileInput = byId<HTMLInputElement>("file");
const fnSelect = byId<HTMLSelectElement>("fn");
const fnLabel = byId<HTMLLabelElement>("fn-label");
const status = byId<HTMLParagraphElement>("status");
const optionsForm = byId<HTMLFormElement>("options");
const scaleInput = byId<HTMLInputElement>("scale");
const editorHost = byId<HTMLDivElement>("editor");
const source = byId<HTMLTextAreaElement>("source");
const previewBox = byId<HTMLDivElement>("preview");
const staleNote = byId<HTMLParagraphElement>("stale-note");
const guessBox = byId<HTMLParagraphElement>("guess");

const worker = new Worker("/static/worker.js", { type: "module", name: "skhema-engine" });
const preview = createPreview(previewBox, (zoom) => {
  byId("zoom-real").textContent = `${Math.round(zoom * 100)} %`;
});

const initial = source.value;
source.remove();
const editor = createEditor(editorHost, initial, source.getAttribute("aria-label") ?? "", edited);

/** The file the text came from (an opened file or an example): downloads are named after it. */
let fileName: string | undefined = examples[Number(exampleSelect.value)]?.file;
/** The text was replaced by another program since the chart on screen was drawn. */
let replaced = false;

function langName(lang: SourceLang): string {
  return [...langSelect.options].find((o) => o.value === lang)?.textContent ?? lang;
}

/** Typed since the last guess: the next draw looks at the language again (not every keystroke). */
let typedSinceGuess = false;

/**
 * A change of the text: once the student's (typed or pasted), the «Приклад» menu names no example;
 * a pasted program in another language switches the language at once.
 */
function edited(by: ChangeSource) {
  if (by !== "page") exampleSelect.value = "";
  if (by === "typing") {
    typedSinceGuess = true;
    schedule(DEBOUNCE_MS);
    return;
  }
  if (by === "paste") {
    fileName = undefined;
    replaced = true;
  }
  const guess = guessLanguage(editor.text());
  if (by === "paste" && guess && guess !== currentLang()) {
    setLanguage(guess);
    showGuess(fill(texts.guessSwitched, { lang: langName(guess) }), null);
  } else showGuess("", null);
  schedule(0);
}

/** Typed text in another language than the chosen one is offered the switch, never switched. */
function offerLanguage() {
  typedSinceGuess = false;
  const guess = guessLanguage(editor.text());
  if (guess && guess !== currentLang()) showGuess(fill(texts.guessOffer, { lang: langName(guess) }), guess);
  else if (guess === currentLang()) showGuess("", null);
}

/** The guessed language's line above the editor: a note after a switch, or a button offering it. */
function showGuess(text: string, offer: SourceLang | null) {
  guessBox.hidden = text === "";
  if (offer === null) {
    guessBox.textContent = text;
    return;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link-button";
  button.textContent = text;
  button.addEventListener("click", () => {
    setLanguage(offer);
    showGuess("", null);
    schedule(0);
  });
  guessBox.replaceChildren(button);
}

function currentLang(): SourceLang {
  const value = langSelect.value;
  return (SOURCE_LANGS as readonly string[]).includes(value) ? (value as SourceLang) : "python";
}

function chartRequest(): ChartRequest {
  const { options, font, split } = readOptions(optionsForm);
  const fn = fnSelect.value || undefined;
  return { code: editor.text(), lang: currentLang(), fn, font, split, options };
}

let nextId = 1;
let newestDraw = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** A download being made: what names it, and how to end its progress indication. */
interface PendingExport {
  fileName: string | undefined;
  fn: string | undefined;
  done(): void;
}
const pendingExports = new Map<number, PendingExport>();

function schedule(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(draw, delay);
}

function draw() {
  if (typedSinceGuess) offerLanguage();
  newestDraw = nextId++;
  // The first draw also loads the engine's WASM runtime and grammar.
  setStatus("busy", document.body.dataset.drawn === undefined ? texts.loadingEngine : texts.drawing);
  worker.postMessage({ kind: "draw", id: newestDraw, request: chartRequest() });
}

function showFunctions(charts: ChartName[]) {
  const chosen = fnSelect.value;
  const names = charts.map((c) => c.name);
  const current = [...fnSelect.options].slice(1).map((o) => o.value);
  if (names.join("\n") !== current.join("\n")) {
    fnSelect.replaceChildren(fnSelect.options[0]!, ...names.map((name) => new Option(name, name)));
    fnSelect.value = names.includes(chosen) ? chosen : "";
  }
  fnLabel.hidden = charts.length < 2 && !chosen;
}

/** A problem as a button: its place (functions, line) and its text; a click shows the line in the editor. */
function problemButton(problem: Problem): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link-button error-at";
  const place = problemPlace(problem, texts.engine);
  const text = engineMessage(problem.message, texts.engine);
  button.textContent = place ? `${place}: ${text}` : text;
  // The engine's own words stay at hand (a teacher or a bug report may want them).
  if (text !== problem.message) button.title = problem.message;
  if (problem.line !== undefined) {
    const { line, col } = problem;
    button.dataset.line = String(line);
    button.addEventListener("click", () => editor.goToLine(line, col));
  } else button.disabled = true;
  return button;
}

/**
 * The status line: a text, then the errors as buttons (at most a few; the editor marks them all),
 * and once for all functions drawn around what they could not read, that they were.
 */
function setStatus(kind: "ok" | "busy" | "warning" | "error", text: string, errors: readonly FunctionError[] = []) {
  status.className = `status ${kind}`;
  const problems = problemsOf(errors);
  const shown = problems.slice(0, 3).flatMap((problem, i) => [document.createTextNode(i === 0 && text.endsWith(":") ? " " : " · "), problemButton(problem)]);
  const more = problems.length > 3 ? [document.createTextNode(` · ${fill(texts.engine.andMore, { n: problems.length - 3 })}`)] : [];
  const drawn = errors.some((e) => e.recovered) ? [document.createTextNode(`. ${texts.engine.drawnAround}`)] : [];
  status.replaceChildren(document.createTextNode(text), ...shown, ...more, ...drawn);
}

/**
 * The runtime set-up the chart leaves out, said in one quiet line (issue 20): `setlocale(…) (рядок 5)`;
 * the call's arguments are shortened, the line finds it in the editor.
 */
function omittedNote(omitted: readonly OmittedStatement[]): string {
  if (omitted.length === 0) return "";
  const list = omitted.map((o) => fill(texts.omittedItem, { text: o.text.replace(/\(.+\)$/s, "(…)"), line: o.line })).join(", ");
  return ` · ${fill(texts.omitted, { list })}`;
}

function showErrors(errors: FunctionError[], omitted: readonly OmittedStatement[], failure: { message: string } | null, ms: number) {
  editor.showErrors(problemsOf(errors).map((p) => ({ line: p.line, col: p.col, message: `${problemPlace(p, texts.engine)}: ${engineMessage(p.message, texts.engine)}` })));
  if (failure) {
    // The errors say what went wrong where; a failure without them says it itself.
    if (errors.length > 0) setStatus("error", `${texts.failed}:`, errors);
    else setStatus("error", `${texts.failed}: ${engineMessage(failure.message, texts.engine)}`);
  } else if (errors.length > 0) {
    setStatus("warning", `${fill(texts.errorsIn, { n: problemsOf(errors).length })} (${texts.errorsHint})${omittedNote(omitted)}`, errors);
  } else {
    setStatus("ok", fill(texts.drawn, { ms: ms.toFixed(1) }) + omittedNote(omitted));
  }
}

/** A drawn chart, or none: the old chart then stays, marked as old, unless the text is another program now. */
function showChart(svg: string | null) {
  if (svg !== null) {
    preview.show(svg);
    replaced = false;
  } else if (replaced) preview.clear();
  const stale = svg === null && !replaced;
  previewBox.classList.toggle("stale", stale);
  staleNote.hidden = !stale;
}

worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
  const answer = event.data;
  if (answer.kind === "drawn") {
    if (answer.id !== newestDraw) return; // a newer request is on its way
    showChart(answer.svg);
    showFunctions(answer.charts);
    showErrors(answer.errors, answer.omitted, answer.failure, answer.engineMs);
    document.body.dataset.engineMs = answer.engineMs.toFixed(3);
    document.body.dataset.drawn = String(answer.id);
    return;
  }
  const pending = pendingExports.get(answer.id);
  pendingExports.delete(answer.id);
  if (!pending) return;
  pending.done();
  if (answer.kind === "exported") {
    const name = downloadName(pending.fileName, pending.fn, answer.file.name);
    saveFile(name, answer.file.contentType, answer.file.data);
    setStatus("ok", name);
  } else {
    setStatus("error", `${texts.exportFailed}: ${engineMessage(answer.failure.message, texts.engine)}`);
  }
};

function setLanguage(lang: SourceLang) {
  langSelect.value = lang;
  void editor.setLanguage(lang);
}

function loadSource(code: string, lang: SourceLang, name: string | undefined) {
  setLanguage(lang);
  fnSelect.value = "";
  fileName = name;
  replaced = true;
  showGuess("", null);
  editor.setText(code);
  schedule(0);
}

function fileError(message: string) {
  setStatus("error", message);
}

/** An opened or dropped file, decoded as the service decodes an upload: students' files are often Windows-1251. */
async function openFile(file: File) {
  const lang = languageOfFile(file.name);
  if (!lang) return fileError(fill(texts.unknownExtension, { name: file.name }));
  let code: string;
  try {
    code = decodeSourceBytes(new Uint8Array(await file.arrayBuffer())).text;
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    return fileError(fill(texts.unreadableFile, { name: file.name, reason: e.message }));
  }
  exampleSelect.value = "";
  loadSource(code, lang, file.name);
}

langSelect.addEventListener("change", () => {
  setLanguage(currentLang());
  showGuess("", null);
  schedule(0);
});
exampleSelect.addEventListener("change", () => {
  const example = examples[Number(exampleSelect.value)];
  if (example) loadSource(example.code, example.lang, example.file);
});
fileInput.addEventListener("change", () => {
  const file = fileInput.files?.[0];
  if (file) void openFile(file);
  fileInput.value = "";
});
editorHost.addEventListener("dragover", (event) => {
  if (event.dataTransfer?.types.includes("Files")) {
    event.preventDefault();
    editorHost.classList.add("drop");
  }
});
editorHost.addEventListener("dragleave", () => editorHost.classList.remove("drop"));
editorHost.addEventListener("drop", (event) => {
  const file = event.dataTransfer?.files[0];
  editorHost.classList.remove("drop");
  if (!file) return;
  event.preventDefault();
  void openFile(file);
});
fnSelect.addEventListener("change", () => schedule(0));
optionsForm.addEventListener("input", () => schedule(DEBOUNCE_MS));
optionsForm.addEventListener("change", () => {
  showPlaceholders();
  schedule(0);
});
optionsForm.addEventListener("submit", (event) => event.preventDefault());

/** The custom-text fields show the standard text of the chosen chart language. */
function showPlaceholders() {
  const locale = new FormData(optionsForm).get("locale") === "en" ? "en" : "uk";
  for (const input of optionsForm.querySelectorAll<HTMLInputElement>("fieldset input[type=text]")) {
    input.placeholder = defaultTexts[locale]?.[input.name] ?? "";
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>("button.download")) {
  button.addEventListener("click", () => {
    const id = nextId++;
    const format = button.dataset.format as Format;
    const label = button.textContent ?? format;
    const scale = Number(scaleInput.value);
    const request = chartRequest();
    // The first PNG loads the rasteriser and takes seconds: the button and the status line say it is under way.
    const started = Date.now();
    const tick = setInterval(() => setStatus("busy", fill(texts.exportingFor, { format: label, s: Math.round((Date.now() - started) / 1000) })), 1000);
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    setStatus("busy", fill(texts.exporting, { format: label }));
    pendingExports.set(id, {
      fileName,
      fn: request.fn,
      done() {
        clearInterval(tick);
        button.disabled = false;
        button.removeAttribute("aria-busy");
      },
    });
    worker.postMessage({ kind: "export", id, request, format, scale: Number.isInteger(scale) ? scale : undefined });
  });
}
/** The options form's fields as the form holds them (a checked box is "on"): what a share link keeps. */
function formFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(optionsForm)) if (typeof value === "string" && value !== "") fields[name] = value;
  return fields;
}

function applyFormFields(fields: Record<string, string>) {
  for (const element of optionsForm.elements) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
    const value = fields[element.name];
    if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = value === "on";
    else if (value !== undefined) element.value = value;
  }
  showPlaceholders();
}

/** «Поділитися»: the link (source, language, function, options in its fragment) copied and shown. */
byId("share").addEventListener("click", async () => {
  const request = chartRequest();
  const link = await shareLink(location.href, { lang: request.lang, code: request.code, fn: request.fn, form: formFields() });
  const note = byId<HTMLParagraphElement>("share-note");
  const text = byId<HTMLSpanElement>("share-text");
  const field = byId<HTMLInputElement>("share-link");
  note.hidden = false;
  field.hidden = link === null;
  if (link === null) {
    text.textContent = fill(texts.shareTooLong, { max: MAX_LINK_CHARS });
    return;
  }
  field.value = link;
  history.replaceState(null, "", link);
  try {
    await navigator.clipboard.writeText(link);
    text.textContent = texts.shareCopied;
  } catch {
    text.textContent = texts.shareReady; // no clipboard permission: the field holds it, selected
  }
  field.select();
});

/** A share link's chart in place of the example; false when the fragment holds none. */
async function openShared(): Promise<boolean> {
  const shared = await readShared(location.hash);
  const lang = SOURCE_LANGS.find((l) => l === shared?.lang);
  if (!shared || !lang) return false;
  if (shared.form) applyFormFields(shared.form);
  exampleSelect.value = "";
  loadSource(shared.code, lang, undefined);
  // After loadSource (which resets it) and before its draw: the chart of the shared function.
  if (shared.fn) {
    fnSelect.append(new Option(shared.fn, shared.fn));
    fnSelect.value = shared.fn;
  }
  return true;
}

byId("zoom-in").addEventListener("click", () => preview.zoomBy(1.25));
byId("zoom-out").addEventListener("click", () => preview.zoomBy(1 / 1.25));
byId("zoom-real").addEventListener("click", () => preview.real());
byId("zoom-fit").addEventListener("click", () => preview.fit());

showPlaceholders();
setLanguage(currentLang());
// The server drew the first example already; the worker's first draw warms the engine and
// brings the function picker. A share link draws its own chart instead.
if (isShareFragment(location.hash)) void openShared().then((opened) => opened || draw());
else draw();

if ("serviceWorker" in navigator) {
  navigator.serviceWorker
    .register("/sw.js")
    .then(() => navigator.serviceWorker.ready)
    .then(() => {
      byId("offline-note").hidden = false;
    })
    .catch(() => {
      // Offline use is a bonus; the playground works online without it.
    });
}
