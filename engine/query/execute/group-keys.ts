/**
 * Group look-up without building a text key per row: the values of the identifying group keys
 * index nested maps (one level per key). Keys of types whose equality is identity (str, int,
 * date, bool) index by the value itself; other types by their value key (1.5 = 1.50).
 *
 * A group key computed only from columns that are themselves group keys of identity types
 * (`account_sortkey(account)` next to `account`, as BALANCES groups) takes one value per group,
 * so it is left out of the look-up: it cannot split a group.
 *
 * On the postings table the account key can be looked up by row position instead (account ids,
 * account-index.ts): the first level is then an array indexed by the row's account id.
 */
import type { TypeName } from '../types';
import { valueKey } from '../values';
import type { CExpr, EvalState } from '../compile/plan';

const IDENTITY_TYPES: ReadonlySet<TypeName> = new Set(['str', 'int', 'date', 'bool']);
/** Map key of NULL: distinct from every value of every type. */
const NULL_KEY = Symbol('NULL');

type KeyFn = (st: EvalState) => unknown;

/** Indices of the keys that identify a group: keys determined by other keys are left out. */
export function identifyingKeys(keys: readonly CExpr[]): number[] {
  const plainCols = new Set<string>();
  for (const k of keys) {
    if (k.key.startsWith('col:') && IDENTITY_TYPES.has(k.type)) plainCols.add(k.key.slice(4));
  }
  const out: number[] = [];
  keys.forEach((k, i) => {
    if (k.key.startsWith('col:')) {
      // The same column twice (GROUP BY account, 1) identifies once.
      if (!keys.slice(0, i).some((o) => o.key === k.key)) out.push(i);
      return;
    }
    const determined = !k.readsMeta && !k.readsBalance && !k.hasAgg && [...k.columns].every((c) => plainCols.has(c));
    if (!determined) out.push(i);
  });
  return out;
}

function keyFn(k: CExpr): KeyFn {
  const f = k.eval;
  const type = k.type;
  if (IDENTITY_TYPES.has(type)) {
    return (st) => {
      const v = f(st);
      return v === null ? NULL_KEY : v;
    };
  }
  return (st) => {
    const v = f(st);
    return v === null ? NULL_KEY : valueKey(type, v);
  };
}

export class GroupIndex<G> {
  private readonly fns: KeyFn[];
  private readonly root = new Map<unknown, any>();
  /** Account id of each source row when the account key is looked up by position, else null. */
  private readonly ids: Int32Array | null = null;
  /** The identifying keys other than the account, when `ids` is used. */
  private readonly rest: KeyFn[] = [];
  /** First level by account id: a group (no other key) or the map of the other keys. */
  private readonly byAccount: any[] = [];
  /** Every group in order of its first row. */
  readonly groups: G[] = [];
  /** Key values of the last row, for consecutive grouping. */
  private prev: unknown[];
  private cur: unknown[];
  private started = false;

  /**
   * `accountIds`: the account id of each source row (postings tables only); used by findAt when
   * the account column is one of the identifying keys.
   */
  constructor(keys: readonly CExpr[], accountIds: Int32Array | null = null) {
    const identifying = identifyingKeys(keys);
    this.fns = identifying.map((i) => keyFn(keys[i]));
    if (accountIds !== null && identifying.some((i) => keys[i].key === 'col:account')) {
      this.ids = accountIds;
      this.rest = identifying.filter((i) => keys[i].key !== 'col:account').map((i) => keyFn(keys[i]));
    }
    this.prev = new Array(this.fns.length);
    this.cur = new Array(this.fns.length);
  }

  /** Whether the account id alone identifies a group (findAt looks nothing else up). */
  get byAccountOnly(): boolean {
    return this.ids !== null && this.rest.length === 0;
  }

  /** The group of the current row, made by `make` (and remembered) if it is the first row. */
  find(st: EvalState, make: () => G): G {
    const fns = this.fns;
    const last = fns.length - 1;
    if (last < 0) {
      if (this.groups.length === 0) this.groups.push(make());
      return this.groups[0];
    }
    let m = this.root;
    for (let i = 0; i < last; i++) {
      const k = fns[i](st);
      let next = m.get(k);
      if (next === undefined) m.set(k, (next = new Map()));
      m = next;
    }
    const k = fns[last](st);
    let g = m.get(k) as G | undefined;
    if (g === undefined) {
      g = make();
      m.set(k, g);
      this.groups.push(g);
    }
    return g;
  }

  /** As find, for the row at source position `at`: by its account id when the index has them. */
  findAt(st: EvalState, at: number, make: () => G): G {
    if (this.ids === null) return this.find(st, make);
    const id = this.ids[at];
    const rest = this.rest;
    const last = rest.length - 1;
    if (last < 0) {
      let g = this.byAccount[id] as G | undefined;
      if (g === undefined) {
        g = make();
        this.byAccount[id] = g;
        this.groups.push(g);
      }
      return g;
    }
    let m = this.byAccount[id] as Map<unknown, any> | undefined;
    if (m === undefined) this.byAccount[id] = m = new Map();
    for (let i = 0; i < last; i++) {
      const k = rest[i](st);
      let next = m.get(k);
      if (next === undefined) m.set(k, (next = new Map()));
      m = next as Map<unknown, any>;
    }
    const k = rest[last](st);
    let g = m.get(k) as G | undefined;
    if (g === undefined) {
      g = make();
      m.set(k, g);
      this.groups.push(g);
    }
    return g;
  }

  /** Whether the current row starts a new group compared with the previous row (no map kept). */
  startsNew(st: EvalState): boolean {
    const fns = this.fns;
    const cur = this.cur;
    let changed = !this.started;
    for (let i = 0; i < fns.length; i++) {
      const k = fns[i](st);
      cur[i] = k;
      if (k !== this.prev[i]) changed = true;
    }
    this.cur = this.prev;
    this.prev = cur;
    this.started = true;
    return changed;
  }
}
