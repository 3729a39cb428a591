/** `skhema help [cmd]`: manual pages printed from the command table (cli/commands.ts). */
import { COMMANDS, type Command, type Flag } from "./commands.ts";
import { EXIT_TABLE } from "./exit-codes.ts";

const INDENT = "       ";
const WIDTH = 100;

/** Plain text folded at WIDTH, each line indented. */
function fold(text: string, indent = INDENT): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join("\n");
}

function flagLine(flag: Flag): string {
  const names = `${flag.short ? `-${flag.short}, ` : ""}--${flag.name}${flag.value ? ` ${flag.value}` : ""}`;
  const help = flag.help + (flag.default ? ` (default ${flag.default})` : "") + (flag.multiple ? "; repeatable" : "");
  return `${INDENT}${names}\n${fold(help, `${INDENT}    `)}`;
}

/** `N  text`, continuation lines under the text. */
const exitStatus = () => EXIT_TABLE.map(([code, what]) => `${INDENT}${code}  ${fold(what, `${INDENT}   `).trimStart()}`).join("\n");

export function commandManual(command: Command): string {
  const sections = [
    `NAME\n${INDENT}skhema ${command.name} - ${command.summary}`,
    `SYNOPSIS\n${command.synopsis.map((s) => INDENT + s).join("\n")}`,
    `DESCRIPTION\n${fold(command.description)}`,
  ];
  if (command.flags.length > 0) sections.push(`OPTIONS\n${command.flags.map(flagLine).join("\n")}`);
  sections.push(`EXIT STATUS\n${exitStatus()}`);
  if (command.examples.length > 0) sections.push(`EXAMPLES\n${command.examples.map((e) => INDENT + e).join("\n")}`);
  return `${sections.join("\n\n")}\n`;
}

export function overview(version: string): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `NAME
${INDENT}skhema - program source to ДСТУ 19.701-90 flowcharts, from the command line (version ${version})

SYNOPSIS
${INDENT}skhema COMMAND [ARGS] [FLAGS]
${INDENT}skhema help COMMAND
${INDENT}skhema --version

COMMANDS
${COMMANDS.map((c) => `${INDENT}${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

ENVIRONMENT
${INDENT}SKHEMA_API_KEY   the API key (over the config file)
${INDENT}SKHEMA_API_URL   the service URL, e.g. http://localhost:8787/v1 (over the config file; --api-url is over both)
${INDENT}XDG_CONFIG_HOME  where the config folder is (default ~/.config)

FILES
${INDENT}$XDG_CONFIG_HOME/skhema/config.json   {"url": …, "key": …}, mode 0600, written by skhema login

EXIT STATUS
${exitStatus()}
${fold("With --json an error is printed on stdout as {\"error\": …, \"code\": …, \"exit\": …}; the message always goes to stderr.")}
`;
}
