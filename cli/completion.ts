/** `skhema completion bash|zsh|fish`: completion scripts generated from the command table. */
import { COMMANDS, type Command, type Flag } from "./commands.ts";
import { usageError } from "./exit-codes.ts";

export const SHELLS = ["bash", "zsh", "fish"] as const;

const short = (text: string) => text.replace(/[[\]:'"`\\$]/g, "").split(/[.;(]/)[0]!.trim().slice(0, 70);
const takesValue = (f: Flag) => f.type === "string";
const fileFlag = (f: Flag) => f.name === "output";

function bash(): string {
  const cases = COMMANDS.map((c) => {
    const flags = c.flags.flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]).join(" ");
    const values = c.flags
      .filter((f) => f.values)
      .map((f) => `        ${[`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])].join("|")}) COMPREPLY=($(compgen -W "${f.values!.map((v) => v.replace(/ /g, "\\\\ ")).join(" ")}" -- "$cur")); return ;;`)
      .join("\n");
    const needValue = c.flags.filter((f) => takesValue(f) && !f.values && !fileFlag(f)).flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]);
    const args = c.name === "help" ? `COMPREPLY=($(compgen -W "${COMMANDS.map((x) => x.name).join(" ")}" -- "$cur"))` : c.name === "completion" ? `COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur"))` : c.files ? `COMPREPLY=($(compgen -f -- "$cur"))` : "";
    return `    ${c.name})
      case "$prev" in
${values}
${needValue.length ? `        ${needValue.join("|")}) return ;;\n` : ""}        -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
      esac
      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${flags}" -- "$cur")); else ${args || ":"}; fi ;;`;
  }).join("\n");
  return `# bash completion for skhema (skhema completion bash)
_skhema() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "${COMMANDS.map((c) => c.name).join(" ")} --version --help" -- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
}
complete -o filenames -F _skhema skhema
`;
}

function zshFlag(f: Flag): string[] {
  const action = f.values ? `:${f.value ?? "value"}:(${f.values.map((v) => v.replace(/ /g, "\\ ")).join(" ")})` : fileFlag(f) ? ":path:_files" : takesValue(f) ? `:${f.value ?? "value"}: ` : "";
  const repeat = f.multiple ? "*" : "";
  return [`'${repeat}--${f.name}[${short(f.help)}]${action}'`, ...(f.short ? [`'${repeat}-${f.short}[${short(f.help)}]${action}'`] : [])];
}

function zsh(): string {
  const cases = COMMANDS.map((c: Command) => {
    const args = c.name === "help" ? `'1:command:(${COMMANDS.map((x) => x.name).join(" ")})'` : c.name === "completion" ? "'1:shell:(bash zsh fish)'" : c.files ? "'*:file:_files'" : "";
    return `    ${c.name}) _arguments ${[...c.flags.flatMap(zshFlag), args].filter(Boolean).join(" ")} ;;`;
  }).join("\n");
  return `#compdef skhema
# zsh completion for skhema (skhema completion zsh > "\${fpath[1]}/_skhema")
_skhema() {
  local -a commands
  commands=(${COMMANDS.map((c) => `'${c.name}:${short(c.summary)}'`).join(" ")})
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  shift words
  (( CURRENT-- ))
  case "\${words[1]}" in
${cases}
  esac
}
# Autoloaded from $fpath the file is the function's body; sourced, it registers the function.
if [[ "\${funcstack[1]}" == _skhema ]]; then _skhema "$@"; else compdef _skhema skhema; fi
`;
}

function fish(): string {
  const lines = ["# fish completion for skhema (skhema completion fish > ~/.config/fish/completions/skhema.fish)", "complete -c skhema -f"];
  for (const c of COMMANDS) lines.push(`complete -c skhema -n '__fish_use_subcommand' -a ${c.name} -d '${short(c.summary)}'`);
  for (const c of COMMANDS) {
    const when = `-n '__fish_seen_subcommand_from ${c.name}'`;
    for (const f of c.flags) {
      const values = f.values ? ` -x -a '${f.values.map((v) => (v.includes(" ") ? `"${v}"` : v)).join(" ")}'` : fileFlag(f) ? " -r -F" : takesValue(f) ? " -x" : "";
      lines.push(`complete -c skhema ${when} -l ${f.name}${f.short ? ` -s ${f.short}` : ""}${values} -d '${short(f.help)}'`);
    }
    if (c.files) lines.push(`complete -c skhema ${when} -F`);
  }
  lines.push(`complete -c skhema -n '__fish_seen_subcommand_from help' -a '${COMMANDS.map((c) => c.name).join(" ")}'`);
  lines.push("complete -c skhema -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'");
  return `${lines.join("\n")}\n`;
}

export function completionScript(shell: string | undefined): string {
  if (shell === "bash") return bash();
  if (shell === "zsh") return zsh();
  if (shell === "fish") return fish();
  throw usageError(`name a shell: skhema completion ${SHELLS.join("|")}`);
}
