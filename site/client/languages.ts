/**
 * The playground's language of a dropped or opened file, from its extension — the engine's own
 * mapping (`langFromFileName`), narrowed to the six source languages the editor offers.
 */
import { langFromFileName } from "../../engine/langs.ts";
import { SOURCE_LANGS, type SourceLang } from "./protocol.ts";

export function languageOfFile(name: string): SourceLang | null {
  try {
    const lang = langFromFileName(name);
    return (SOURCE_LANGS as readonly string[]).includes(lang) ? (lang as SourceLang) : null;
  } catch {
    return null;
  }
}
