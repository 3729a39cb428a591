/**
 * The playground's report panel (issue 26): several files or a whole folder → one report document
 * (listings and flowcharts as the report's appendices), made in the browser by the engine in a
 * worker of its own — started on the first report, so the editor's worker never waits for it — then
 * viewed (the PDF in a new tab) or downloaded (DOCX, PDF, Typst). Kept apart from playground.ts: it
 * reads the options form and the font the chart preview uses, and nothing else of the page.
 */
import { decodeSourceBytes } from "../../engine/source-bytes.ts";
import type { Options } from "../../engine/options.ts";
import type { SiteTexts } from "../i18n/index.ts";
import { fill } from "../i18n/index.ts";
import { byId, readData, saveFile } from "./dom.ts";
import { languageOfFile } from "./languages.ts";
import { readOptions } from "./options-form.ts";
import type { ReportAnswer, ReportJob } from "./protocol.ts";

type Texts = SiteTexts["report"];
const texts = readData<Texts>("report-texts");

const filesInput = byId<HTMLInputElement>("report-files");
const folderInput = byId<HTMLInputElement>("report-folder");
const list = byId<HTMLOListElement>("report-list");
const status = byId<HTMLParagraphElement>("report-status");
const layout = byId<HTMLSelectElement>("report-layout");
const listings = byId<HTMLInputElement>("report-listings");

/** The files in the order the report shows them: by path, as a folder lists them. */
let sources: ReportJob["sources"] = [];
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (answer: ReportAnswer) => void>();

function say(text: string, kind: "ok" | "busy" | "error"): void {
  status.textContent = text;
  status.className = `status ${kind}`;
}

function showList(): void {
  list.replaceChildren(...sources.map((s) => Object.assign(document.createElement("li"), { textContent: s.name })));
  if (sources.length === 0) list.replaceChildren(Object.assign(document.createElement("li"), { textContent: texts.empty, className: "empty" }));
  for (const b of document.querySelectorAll<HTMLButtonElement>("button.report-action")) b.disabled = sources.length === 0;
}

async function addFiles(files: FileList | null): Promise<void> {
  const ignored: string[] = [];
  for (const file of Array.from(files ?? [])) {
    const name = file.webkitRelativePath || file.name;
    const lang = languageOfFile(file.name);
    if (!lang) {
      ignored.push(name);
      continue;
    }
    try {
      const code = decodeSourceBytes(new Uint8Array(await file.arrayBuffer())).text;
      sources = [...sources.filter((s) => s.name !== name), { name, lang, code }];
    } catch {
      ignored.push(name);
    }
  }
  sources.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  showList();
  if (ignored.length > 0) say(fill(texts.ignored, { list: ignored.join(", ") }), "error");
}

/** The chart options and font the preview is drawn with. */
function chartOptions(): { options: Options; font: string } {
  const { options, font } = readOptions(byId<HTMLFormElement>("options"));
  return { options, font };
}

function make(format: ReportJob["format"]): Promise<ReportAnswer> {
  worker ??= new Worker("/static/worker.js", { type: "module", name: "skhema-report" });
  worker.onmessage = (event: MessageEvent<ReportAnswer>) => {
    pending.get(event.data.id)?.(event.data);
    pending.delete(event.data.id);
  };
  const id = nextId++;
  const job: ReportJob = { kind: "report", id, sources, format, report: { layout: layout.value === "inline" ? "inline" : "appendices", listings: listings.checked }, ...chartOptions() };
  return new Promise((done) => {
    pending.set(id, done);
    worker!.postMessage(job);
  });
}

async function run(format: ReportJob["format"], open: boolean): Promise<void> {
  say(texts.making, "busy");
  const answer = await make(format);
  if (answer.kind === "report-failed") return say(`${texts.failed}: ${answer.failure.message}`, "error");
  const skipped = answer.skipped.map((s) => `${s.name}${s.fn ? ` ${s.fn}` : ""}`);
  say(fill(texts.made, { charts: String(answer.charts) }) + (skipped.length > 0 ? ` ${fill(texts.skipped, { list: skipped.join(", ") })}` : ""), skipped.length > 0 ? "error" : "ok");
  if (!open) return saveFile(answer.file.name, answer.file.contentType, answer.file.data);
  const url = URL.createObjectURL(new Blob([answer.file.data as BlobPart], { type: answer.file.contentType }));
  window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

filesInput.addEventListener("change", () => void addFiles(filesInput.files).then(() => (filesInput.value = "")));
folderInput.addEventListener("change", () => void addFiles(folderInput.files).then(() => (folderInput.value = "")));
byId("report-clear").addEventListener("click", () => {
  sources = [];
  showList();
  say("", "ok");
});
byId("report-show").addEventListener("click", () => void run("pdf", true));
for (const button of document.querySelectorAll<HTMLButtonElement>("button.report-download")) {
  button.addEventListener("click", () => void run(button.dataset.format as ReportJob["format"], false));
}
showList();
