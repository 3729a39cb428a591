/**
 * The playground page: the editor, the options form and the preview, talking to the engine in a
 * Web Worker. Every edit schedules a re-draw (debounced); answers to older requests than the
 * newest are dropped, so the preview never goes back in time and the editor never waits.
 */
import type { Format, OmittedStatement } from "../../engine/index.ts";
import { EngineError, type FunctionError } from "../../engine/errors.ts";
import { decodeSourceBytes } from "../../engine/source-bytes.ts";
import { fill, type ClientTexts } from "../i18n/index.ts";
import { byId, readData, saveFile } from "./dom.ts";
import { createEditor } from "./editor.ts";
import { createPreview } from "./preview.ts";
import { SOURCE_LANGS, type ChartName, type ChartRequest, type SourceLang, type WorkerAnswer } from "./protocol.ts";
import { languageOfFile } from "./languages.ts";
import { readOptions } from "./options-form.ts";

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

const worker = new Worker("/static/worker.js", { type: "module", name: "skhema-engine" });
const preview = createPreview(byId("preview"), (zoom) => {
  byId("zoom-real").textContent = `${Math.round(zoom * 100)} %`;
});

const initial = source.value;
source.remove();
const editor = createEditor(editorHost, initial, source.getAttribute("aria-label") ?? "", () => schedule(DEBOUNCE_MS));

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
const pendingExports = new Map<number, HTMLButtonElement>();

function schedule(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(draw, delay);
}

function draw() {
  newestDraw = nextId++;
  // The first draw also loads the engine's WASM runtime and grammar.
  status.textContent = document.body.dataset.drawn === undefined ? texts.loadingEngine : texts.drawing;
  status.className = "status busy";
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
  editor.showErrors(errors);
  if (failure) {
    status.textContent = `${texts.failed}: ${failure.message}`;
    status.className = "status error";
  } else if (errors.length > 0) {
    status.textContent = fill(texts.errorsIn, { n: errors.length }) + omittedNote(omitted);
    status.className = "status warning";
  } else {
    status.textContent = fill(texts.drawn, { ms: ms.toFixed(1) }) + omittedNote(omitted);
    status.className = "status ok";
  }
}

worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
  const answer = event.data;
  if (answer.kind === "drawn") {
    if (answer.id !== newestDraw) return; // a newer request is on its way
    if (answer.svg) preview.show(answer.svg);
    byId("preview").classList.toggle("stale", answer.svg === null);
    showFunctions(answer.charts);
    showErrors(answer.errors, answer.omitted, answer.failure, answer.engineMs);
    document.body.dataset.engineMs = answer.engineMs.toFixed(3);
    document.body.dataset.drawn = String(answer.id);
    return;
  }
  const button = pendingExports.get(answer.id);
  pendingExports.delete(answer.id);
  if (button) button.disabled = false;
  if (answer.kind === "exported") {
    saveFile(answer.file.name, answer.file.contentType, answer.file.data);
    status.textContent = answer.file.name;
    status.className = "status ok";
  } else {
    status.textContent = `${texts.exportFailed}: ${answer.failure.message}`;
    status.className = "status error";
  }
};

function setLanguage(lang: SourceLang) {
  langSelect.value = lang;
  void editor.setLanguage(lang);
}

function loadSource(code: string, lang: SourceLang) {
  setLanguage(lang);
  fnSelect.value = "";
  editor.setText(code);
  schedule(0);
}

function fileError(message: string) {
  status.textContent = message;
  status.className = "status error";
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
  loadSource(code, lang);
}

langSelect.addEventListener("change", () => {
  setLanguage(currentLang());
  schedule(0);
});
exampleSelect.addEventListener("change", () => {
  const example = examples[Number(exampleSelect.value)];
  if (example) loadSource(example.code, example.lang);
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
    const scale = Number(scaleInput.value);
    pendingExports.set(id, button);
    button.disabled = true;
    status.textContent = texts.exporting;
    status.className = "status busy";
    worker.postMessage({ kind: "export", id, request: chartRequest(), format, scale: Number.isInteger(scale) ? scale : undefined });
  });
}
byId("zoom-in").addEventListener("click", () => preview.zoomBy(1.25));
byId("zoom-out").addEventListener("click", () => preview.zoomBy(1 / 1.25));
byId("zoom-real").addEventListener("click", () => preview.real());
byId("zoom-fit").addEventListener("click", () => preview.fit());

showPlaceholders();
setLanguage(currentLang());
// The server drew the first example already; the worker's first draw warms the engine and
// brings the function picker.
draw();

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
