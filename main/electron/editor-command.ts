/**
 * Which program opens a ledger file at a line (issue 17 §2: file:line opens the user's editor).
 * Pure: reads only the environment values it is given, so every editor's arguments are tested in
 * Node. The result is a program and an argument array for spawn without a shell: nothing the
 * environment or the ledger holds is ever read by a shell.
 *
 * The editor is `$VISUAL`, else `$EDITOR` (the Unix convention: VISUAL is the full-screen editor).
 * The variable may carry options (`code --wait`, `emacsclient -n`); they are split like a shell
 * splits words (quotes and backslashes), without expanding anything. Known editors get the line in
 * their own syntax; an editor we do not know, or none set, gets no spawn at all: the caller then
 * hands the file to the system (shell.openPath), which opens it without a line rather than guess
 * an unknown program's options.
 *
 * Terminal editors (vim, nano, ...) need a terminal, which a desktop app started from a menu does
 * not have: on Linux they run inside `$TERMINAL`, else Debian's `x-terminal-emulator`, with `-e`
 * (the option xterm, konsole, alacritty, kitty and the gnome-terminal wrapper share). Elsewhere
 * there is no portable way to pass arguments to a terminal, so the system opener is used.
 */
export interface EditorEnv {
  VISUAL?: string;
  EDITOR?: string;
  TERMINAL?: string;
}

export type EditorPlan =
  | { kind: 'spawn'; command: string; args: string[]; /** The editor as named, for messages. */ editor: string }
  | { kind: 'open-path'; reason: string };

/** How an editor takes a line: the arguments for `file` at `line`. */
type LineSyntax = (file: string, line: number) => string[];
const goto: LineSyntax = (f, l) => ['-g', `${f}:${l}`];
const colon: LineSyntax = (f, l) => [`${f}:${l}`];
const plus: LineSyntax = (f, l) => [`+${l}`, f];
const dashL: LineSyntax = (f, l) => ['-l', String(l), f];
const jetbrains: LineSyntax = (f, l) => ['--line', String(l), f];
const notepadPlusPlus: LineSyntax = (f, l) => [`-n${l}`, f];

/** Known editors by program name (lower case, without .exe/.cmd/.bat). */
const SYNTAX: ReadonlyMap<string, LineSyntax> = new Map([
  ...['code', 'code-insiders', 'code-oss', 'codium', 'vscodium', 'cursor', 'windsurf'].map((n) => [n, goto] as const),
  ...['subl', 'sublime_text', 'zed', 'zeditor', 'atom', 'pulsar', 'hx', 'helix'].map((n) => [n, colon] as const),
  ...['vi', 'vim', 'nvim', 'gvim', 'mvim', 'nano', 'micro', 'kak', 'emacs', 'emacsclient', 'gedit', 'gnome-text-editor', 'pluma', 'xed', 'bbedit'].map(
    (n) => [n, plus] as const,
  ),
  ...['kate', 'kwrite', 'mate'].map((n) => [n, dashL] as const),
  ...['idea', 'pycharm', 'webstorm', 'phpstorm', 'clion', 'goland', 'rubymine', 'rider'].map((n) => [n, jetbrains] as const),
  ['notepad++', notepadPlusPlus],
]);

/** Editors that draw in a terminal (emacs and emacsclient only with their terminal options). */
const TERMINAL_EDITORS: ReadonlySet<string> = new Set(['vi', 'vim', 'nvim', 'nano', 'micro', 'kak', 'hx', 'helix']);
const EMACS_TERMINAL_OPTIONS: ReadonlySet<string> = new Set(['-nw', '--no-window-system', '-t', '--tty']);

/**
 * Splits a command line into words as a POSIX shell would quote them: 'single', "double" (where
 * backslash escapes only \ " $ `), backslash outside quotes; nothing is expanded. Null when a
 * quote is left open.
 */
export function splitCommandLine(text: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return null;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      inWord = true;
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length && '\\"$`'.includes(text[j + 1])) j++;
        word += text[j];
      }
      if (j >= text.length) return null;
      i = j;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** `/usr/bin/code`, `C:\...\Code.exe`, `code.cmd` -> `code`. */
export function editorName(program: string): string {
  const base = program.split(/[\\/]/).pop() ?? program;
  return base.toLowerCase().replace(/\.(exe|cmd|bat)$/, '');
}

/**
 * The plan for opening `file` (absolute: a path starting with `/` or a drive can never be read as
 * an option by the editor) at `line` (1-based).
 */
export function editorPlan(env: EditorEnv, file: string, line: number, platform: NodeJS.Platform): EditorPlan {
  const setting = [env.VISUAL, env.EDITOR].find((v) => v !== undefined && v.trim() !== '');
  if (setting === undefined) return { kind: 'open-path', reason: 'neither $VISUAL nor $EDITOR is set' };
  const words = splitCommandLine(setting);
  if (!words || words.length === 0) return { kind: 'open-path', reason: `cannot read the editor setting ${JSON.stringify(setting)}` };
  const [program, ...options] = words;
  const name = editorName(program);
  const syntax = SYNTAX.get(name);
  if (!syntax) return { kind: 'open-path', reason: `${name} is not an editor the app knows how to open at a line` };
  const args = [...options, ...syntax(file, line)];
  const inTerminal = TERMINAL_EDITORS.has(name) || ((name === 'emacs' || name === 'emacsclient') && options.some((o) => EMACS_TERMINAL_OPTIONS.has(o)));
  if (!inTerminal) return { kind: 'spawn', command: program, args, editor: name };
  if (platform !== 'linux') return { kind: 'open-path', reason: `${name} needs a terminal` };
  const terminal = (env.TERMINAL?.trim() ? splitCommandLine(env.TERMINAL) : null) ?? ['x-terminal-emulator'];
  if (terminal.length === 0) return { kind: 'open-path', reason: `${name} needs a terminal` };
  return { kind: 'spawn', command: terminal[0], args: [...terminal.slice(1), '-e', program, ...args], editor: name };
}
