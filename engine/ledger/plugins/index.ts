/**
 * The plugin stage of loading: finds each `plugin` directive in the registry, reads its config,
 * runs the transforms in the order written (before booking), and, after booking, the validators
 * in the same order.
 *
 * Beancount runs every plugin, in the order written, after booking, then checks balances
 * (beancount.ops.balance runs last), so balance assertions a plugin adds are checked; that holds
 * here too because transforms run before the walk. Difference: a validator written before a
 * transform sees the transform's entries here (Beancount would not); no standard plugin depends
 * on that order.
 *
 * A plugin that is unknown, has a bad config, or fails is one error on its `plugin` line; the
 * rest of the ledger loads without it.
 */
import type { DayNum } from '../../dates';
import type { DirectiveAst, FileFormat, PluginAst } from '../ast';
import type { ReadFile } from '../load';
import type { LedgerError } from '../errors';
import type { WalkOutput } from '../booking/walk';
import type { LedgerOptions, Transaction } from '../snapshot';
import { discoveredDocuments } from './discover-documents';
import { PluginErrors } from './errors';
import { findPlugin } from './registry';
import { ConfigError, type Booked, type PluginDef, type PluginRun } from './types';

export interface PluginStageInput {
  plugins: readonly PluginAst[];
  directives: DirectiveAst[];
  /** The main ledger file and its format: Beancount's document discovery reads folders relative to it. */
  mainFile?: string;
  format?: FileFormat;
  options: LedgerOptions;
  readFile: ReadFile;
  today: DayNum;
  /** Books directives (without final ids): the first booking some transforms ask for. */
  book(directives: readonly DirectiveAst[]): WalkOutput;
}

export interface PluginStage {
  /** The directives after every transform (what the walk books). */
  directives: DirectiveAst[];
  /** Salt of the id of each directive made by a plugin. */
  synthetic: Map<DirectiveAst, string>;
  implicitPrices: boolean;
  /** Runs the validators on the booked ledger. */
  validate(booked: WalkOutput): void;
}

interface Active {
  def: PluginDef;
  config: unknown;
  run: PluginRun;
}

const site = (p: PluginAst) => ({ src: p.src, date: null });

export function runPlugins(input: PluginStageInput, errors: LedgerError[]): PluginStage {
  const synthetic = new Map<DirectiveAst, string>();
  const active: Active[] = [];
  let implicitPrices = false;
  let directives = input.directives;
  // Beancount's documents stage runs before every plugin (loader PLUGINS_PRE), in Beancount files.
  if (input.format === 'beancount' && input.mainFile) {
    const found = discoveredDocuments(directives, input.options, input.mainFile, errors);
    for (const d of found) synthetic.set(d, 'document:' + d.filename);
    if (found.length > 0) directives = [...directives, ...found];
  }

  const book = (ds: readonly DirectiveAst[]): Booked => {
    const out = input.book(ds);
    const byAst = new Map<DirectiveAst, Transaction>();
    for (const e of out.entries) if (e.txn) byAst.set(e.directive, e.txn);
    return { out, txnOf: (d) => byAst.get(d) };
  };

  for (const p of input.plugins) {
    const def = findPlugin(p.name);
    if (!def) {
      errors.push(PluginErrors.unknown(site(p), p.name));
      continue;
    }
    if (!def.parseConfig && p.config !== null) {
      // Beancount calls such a plugin with the config as an extra argument and it fails
      // ("takes 2 positional arguments"): it is not run.
      errors.push(PluginErrors.config(site(p), p.name, 'this plugin takes no configuration'));
      continue;
    }
    let config: unknown = null;
    try {
      config = def.parseConfig ? def.parseConfig(p.config, p) : null;
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      errors.push(PluginErrors.config(site(p), p.name, e.message));
      continue;
    }
    let counter = 0;
    const run: PluginRun = {
      plugin: p,
      options: input.options,
      readFile: input.readFile,
      today: input.today,
      book,
      made: (d, salt) => {
        synthetic.set(d, salt ?? `plugin:${def.module}:${p.src.start}:${counter++}`);
        return d;
      },
      errors,
    };
    if (def.implicitPrices) implicitPrices = true;
    if (def.transform) {
      try {
        directives = def.transform(directives, config, run);
      } catch (e) {
        if (e instanceof ConfigError) errors.push(PluginErrors.config(site(p), p.name, e.message));
        else errors.push(PluginErrors.failed(site(p), p.name, e instanceof Error ? e.message : String(e)));
        continue;
      }
    }
    if (def.validate) active.push({ def, config, run });
  }

  // Plugins copy directives (forecast's occurrences, changed transactions): copies that share a
  // source position with another directive and have no salt get one, so every id stays distinct.
  if (input.plugins.length) {
    const seen = new Map<string, number>();
    for (const d of directives) {
      if (synthetic.has(d)) continue;
      const key = d.src.file + '\u0000' + d.src.start;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      if (n > 0) synthetic.set(d, `copy:${n}`);
    }
  }

  return {
    directives,
    synthetic,
    implicitPrices,
    validate(booked) {
      for (const a of active) {
        try {
          a.def.validate!(booked, a.config, a.run);
        } catch (e) {
          errors.push(PluginErrors.failed(site(a.run.plugin), a.run.plugin.name, e instanceof Error ? e.message : String(e)));
        }
      }
    },
  };
}
