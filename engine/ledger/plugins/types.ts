/**
 * What a plugin is and what it is given. Beancount runs a plugin as a function from entries to
 * entries plus errors, after parsing and booking. Here booking and validation happen together in
 * booking/walk.ts, so a plugin has up to two parts:
 * - `transform`: adds, removes or changes directives as written, before the booking walk (so its
 *   entries are booked, balance-checked and shown in every table like written ones). A transform
 *   that needs booked numbers (interpolated amounts, lot costs) asks `run.book()` for a first
 *   booking of the directives it is given; only ledgers using such a plugin pay for it.
 * - `validate`: reads the booked result and reports errors.
 */
import type { DayNum } from '../../dates';
import type { ReadFile } from '../load';
import type { DirectiveAst, PluginAst, SourceRef, TransactionAst } from '../ast';
import type { LedgerError } from '../errors';
import type { WalkOutput } from '../booking/walk';
import type { LedgerOptions, Transaction } from '../snapshot';

/** A first booking of some directives: the walk's output and the booked form of each transaction. */
export interface Booked {
  out: WalkOutput;
  /** The booked transaction of a written one (absent when booking rejected it). */
  txnOf(d: TransactionAst): Transaction | undefined;
}

export interface PluginRun {
  /** The `plugin` directive (errors without a better place stand on its line). */
  plugin: PluginAst;
  options: LedgerOptions;
  /** Reads another file (merge_meta), as the loader reads ledger files. */
  readFile: ReadFile;
  /** The load's today (forecast's default end). */
  today: DayNum;
  /** Books directives (a first booking, for transforms that need booked numbers). */
  book(directives: readonly DirectiveAst[]): Booked;
  /**
   * Registers a directive made by the plugin and returns it. Its id is derived from its source
   * position and a counter per plugin, so made directives get distinct ids, stable across reloads.
   */
  made<T extends DirectiveAst>(d: T, salt?: string): T;
  errors: LedgerError[];
}

export class ConfigError extends Error {}

export interface PluginDef<C = unknown> {
  /** The module name as written in the ledger. */
  module: string;
  /** Other names written for the same plugin. */
  aliases?: string[];
  /** The configuration it accepts (README and error messages). */
  config: string;
  /** One line: what it does. */
  description: string;
  /** Reads the configuration string (null when none is written); throws ConfigError when bad. */
  parseConfig?(raw: string | null, plugin: PluginAst): C;
  transform?(directives: DirectiveAst[], config: C, run: PluginRun): DirectiveAst[];
  validate?(booked: WalkOutput, config: C, run: PluginRun): void;
  /** Implemented inside the booking walk (implicit prices). */
  implicitPrices?: boolean;
}

/** A source position usable for errors of a generated directive: its own, else the plugin's. */
export const srcOr = (src: SourceRef | null, run: PluginRun): SourceRef => src ?? run.plugin.src;
