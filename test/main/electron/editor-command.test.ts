import { describe, expect, it } from 'vitest';
import { editorName, editorPlan, splitCommandLine } from '../../../main/electron/editor-command';

const FILE = '/home/me/books/main.beancount';
const plan = (env: Record<string, string>, platform: NodeJS.Platform = 'linux') => editorPlan(env, FILE, 42, platform);

describe('splitCommandLine', () => {
  it('splits words like a shell, keeping quoted spaces and expanding nothing', () => {
    expect(splitCommandLine('code --wait')).toEqual(['code', '--wait']);
    expect(splitCommandLine('  emacsclient   -n  ')).toEqual(['emacsclient', '-n']);
    expect(splitCommandLine(`"/Applications/My Editor/bin/subl" -n`)).toEqual(['/Applications/My Editor/bin/subl', '-n']);
    expect(splitCommandLine(`'/opt/a b/vim' -u 'NONE'`)).toEqual(['/opt/a b/vim', '-u', 'NONE']);
    expect(splitCommandLine('/opt/a\\ b/nvim')).toEqual(['/opt/a b/nvim']);
    expect(splitCommandLine('"a\\"b" $HOME `id` ;rm')).toEqual(['a"b', '$HOME', '`id`', ';rm']);
    expect(splitCommandLine("''")).toEqual(['']);
    expect(splitCommandLine('')).toEqual([]);
  });

  it('refuses an unterminated quote', () => {
    expect(splitCommandLine('"code')).toBeNull();
    expect(splitCommandLine("vim 'x")).toBeNull();
  });
});

describe('editorName', () => {
  it('is the program name without folder, Windows extension or case', () => {
    expect(editorName('/usr/bin/code')).toBe('code');
    expect(editorName('C:\\Program Files\\Microsoft VS Code\\bin\\Code.cmd')).toBe('code');
    expect(editorName('notepad++.exe')).toBe('notepad++');
  });
});

describe('editorPlan', () => {
  it('gives each known GUI editor the line in its own syntax, after the options of the setting', () => {
    expect(plan({ VISUAL: 'code' })).toEqual({ kind: 'spawn', command: 'code', args: ['-g', `${FILE}:42`], editor: 'code' });
    expect(plan({ EDITOR: 'codium --wait' })).toMatchObject({ command: 'codium', args: ['--wait', '-g', `${FILE}:42`] });
    expect(plan({ EDITOR: '/usr/local/bin/subl -n' })).toMatchObject({ command: '/usr/local/bin/subl', args: ['-n', `${FILE}:42`] });
    expect(plan({ EDITOR: 'zed' })).toMatchObject({ command: 'zed', args: [`${FILE}:42`] });
    expect(plan({ EDITOR: 'emacsclient -n' })).toMatchObject({ command: 'emacsclient', args: ['-n', '+42', FILE] });
    expect(plan({ EDITOR: 'emacs' })).toMatchObject({ command: 'emacs', args: ['+42', FILE] });
    expect(plan({ EDITOR: 'gvim' })).toMatchObject({ command: 'gvim', args: ['+42', FILE] });
    expect(plan({ EDITOR: 'kate' })).toMatchObject({ command: 'kate', args: ['-l', '42', FILE] });
    expect(plan({ EDITOR: 'pycharm' })).toMatchObject({ command: 'pycharm', args: ['--line', '42', FILE] });
    expect(plan({ EDITOR: 'notepad++.exe' }, 'win32')).toMatchObject({ command: 'notepad++.exe', args: ['-n42', FILE] });
  });

  it('prefers $VISUAL to $EDITOR and skips a blank one', () => {
    expect(plan({ VISUAL: 'code', EDITOR: 'vim' })).toMatchObject({ command: 'code' });
    expect(plan({ VISUAL: '  ', EDITOR: 'zed' })).toMatchObject({ command: 'zed' });
  });

  it('runs terminal editors inside $TERMINAL, else x-terminal-emulator, on Linux', () => {
    expect(plan({ EDITOR: 'vim' })).toEqual({ kind: 'spawn', command: 'x-terminal-emulator', args: ['-e', 'vim', '+42', FILE], editor: 'vim' });
    expect(plan({ EDITOR: 'nvim', TERMINAL: 'alacritty --class ed' })).toMatchObject({
      command: 'alacritty',
      args: ['--class', 'ed', '-e', 'nvim', '+42', FILE],
    });
    expect(plan({ EDITOR: 'nano' })).toMatchObject({ args: ['-e', 'nano', '+42', FILE] });
    expect(plan({ EDITOR: 'emacs -nw' })).toMatchObject({ command: 'x-terminal-emulator', args: ['-e', 'emacs', '-nw', '+42', FILE] });
    expect(plan({ EDITOR: 'hx' })).toMatchObject({ args: ['-e', 'hx', `${FILE}:42`] });
  });

  it('hands terminal editors to the system opener where no terminal can be named (macOS, Windows)', () => {
    expect(plan({ EDITOR: 'vim' }, 'darwin')).toEqual({ kind: 'open-path', reason: 'vim needs a terminal' });
    expect(plan({ EDITOR: 'code' }, 'darwin')).toMatchObject({ kind: 'spawn', command: 'code' });
  });

  it('falls back to the system opener when no editor is set, it cannot be read, or it is unknown', () => {
    expect(plan({})).toEqual({ kind: 'open-path', reason: 'neither $VISUAL nor $EDITOR is set' });
    expect(plan({ EDITOR: '"code' })).toMatchObject({ kind: 'open-path' });
    expect(plan({ EDITOR: 'ed' })).toEqual({ kind: 'open-path', reason: 'ed is not an editor the app knows how to open at a line' });
    // A setting that looks like shell code is one program name, never run by a shell.
    expect(plan({ EDITOR: 'rm -rf / ; code' })).toMatchObject({ kind: 'open-path' });
  });
});
