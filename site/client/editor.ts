/**
 * The code editor: CodeMirror 6 with syntax highlighting for every source language, each language's
 * support loaded on first use (the page only ships the one it opens with), and the engine's
 * syntax errors shown as lint diagnostics at their line.
 */
import { basicSetup } from "codemirror";
import { Compartment, EditorSelection, EditorState, Transaction, type Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { setDiagnostics, type Diagnostic } from "@codemirror/lint";
import type { SourceLang } from "./protocol.ts";

const LANGUAGE_SUPPORT: Record<SourceLang, () => Promise<Extension>> = {
  python: async () => (await import("@codemirror/lang-python")).python(),
  c: async () => (await import("@codemirror/lang-cpp")).cpp(),
  cpp: async () => (await import("@codemirror/lang-cpp")).cpp(),
  java: async () => (await import("@codemirror/lang-java")).java(),
  csharp: async () => {
    const [{ StreamLanguage }, { csharp }] = await Promise.all([import("@codemirror/language"), import("@codemirror/legacy-modes/mode/clike")]);
    return StreamLanguage.define(csharp);
  },
  pascal: async () => {
    const [{ StreamLanguage }, { pascal }] = await Promise.all([import("@codemirror/language"), import("@codemirror/legacy-modes/mode/pascal")]);
    return StreamLanguage.define(pascal);
  },
  javascript: async () => {
    const [{ StreamLanguage }, { javascript }] = await Promise.all([import("@codemirror/language"), import("@codemirror/legacy-modes/mode/javascript")]);
    return StreamLanguage.define(javascript);
  },
  typescript: async () => {
    const [{ StreamLanguage }, { typescript }] = await Promise.all([import("@codemirror/language"), import("@codemirror/legacy-modes/mode/javascript")]);
    return StreamLanguage.define(typescript);
  },
  go: async () => {
    const [{ StreamLanguage }, { go }] = await Promise.all([import("@codemirror/language"), import("@codemirror/legacy-modes/mode/go")]);
    return StreamLanguage.define(go);
  },
  // legacy-modes has no PHP mode (that is @codemirror/lang-php, not installed yet): the C-like
  // mode colours its comments, strings, numbers and braces.
  php: async () => {
    const [{ StreamLanguage }, { clike }] = await Promise.all([import("@codemirror/language"), import("@codemirror/legacy-modes/mode/clike")]);
    return StreamLanguage.define(clike({ name: "php", keywords: PHP_KEYWORDS, atoms: { true: true, false: true, null: true } }));
  },
};

/** A problem to mark: engine lines and columns are 1-based; without a line it belongs to the whole source. */
export interface EditorProblem {
  line?: number;
  col?: number;
  message: string;
}

/** Who changed the text: a paste or drop (a whole program, likely), typing, or the page itself. */
export type ChangeSource = "paste" | "typing" | "page";
/** PHP's keywords for the C-like mode. */
const PHP_KEYWORDS = Object.fromEntries(
  ("abstract and array as break case catch class clone const continue declare default do echo else elseif empty enddeclare endfor " +
    "endforeach endif endswitch endwhile extends final finally fn for foreach function global if implements include include_once " +
    "instanceof insteadof interface isset list match namespace new or print private protected public readonly require " +
    "require_once return static switch throw trait try unset use var while xor yield")
    .split(" ")
    .map((word) => [word, true]),
);

export interface CodeEditor {
  readonly text: () => string;
  setText(text: string): void;
  setLanguage(lang: SourceLang): Promise<void>;
  showErrors(problems: readonly EditorProblem[]): void;
  /** Puts the cursor on a line (1-based), scrolls it into view and focuses the editor. */
  goToLine(line: number, col?: number): void;
}

function changeSource(transactions: readonly Transaction[]): ChangeSource {
  if (transactions.some((tr) => tr.isUserEvent("input.paste") || tr.isUserEvent("input.drop"))) return "paste";
  return transactions.some((tr) => tr.annotation(Transaction.userEvent) !== undefined) ? "typing" : "page";
}

export function createEditor(parent: HTMLElement, initial: string, label: string, onChange: (source: ChangeSource) => void): CodeEditor {
  const language = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: initial,
      extensions: [
        basicSetup,
        // The page's Content-Security-Policy admits the editor's <style> elements by this nonce.
        EditorView.cspNonce.of(document.querySelector<HTMLMetaElement>("meta[name=style-nonce]")?.content ?? ""),
        language.of([]),
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(changeSource(update.transactions));
        }),
      ],
    }),
  });
  /** The text range from a 1-based line and column to the line's end, clamped to the document. */
  function place(lineNumber: number, col: number | undefined): { from: number; to: number } {
    const doc = view.state.doc;
    const line = doc.line(Math.min(Math.max(lineNumber, 1), doc.lines));
    const from = Math.min(line.from + Math.max((col ?? 1) - 1, 0), line.to);
    return { from, to: from < line.to ? line.to : from };
  }
  let languageRequest = 0;
  return {
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    async setLanguage(lang) {
      const request = ++languageRequest;
      const support = await LANGUAGE_SUPPORT[lang]();
      // A quicker later choice wins over a slower earlier one.
      if (request === languageRequest) view.dispatch({ effects: language.reconfigure(support) });
    },
    showErrors(problems) {
      const diagnostics: Diagnostic[] = problems.map((problem) => {
        const { from, to } = place(problem.line ?? 1, problem.col);
        return { from, to, severity: "error", message: problem.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    goToLine(line, col) {
      const { from } = place(line, col);
      view.dispatch({ selection: EditorSelection.cursor(from), effects: EditorView.scrollIntoView(from, { y: "center" }) });
      view.focus();
    },
  };
}
