/**
 * Declaring an overload from its signature text: the spec's signature (`convert(position, str,
 * date) -> amount`) is written once and name, parameter and return types are read from it, so
 * the schema's signature can never disagree with what the resolver checks.
 */
import type { AggregateImpl, AggregateOverload, ParamType, ScalarFn, ScalarOverload } from './registry';

const PARAM_TYPES: ReadonlySet<string> = new Set([
  'null', 'bool', 'int', 'decimal', 'str', 'date', 'set', 'amount', 'position', 'inventory', 'interval', 'metas', 'any', 'T',
]);

interface Parsed {
  name: string;
  params: ParamType[];
  variadic?: ParamType;
  star?: boolean;
  returns: ParamType;
}

function parseSignature(signature: string): Parsed {
  const m = /^([a-z_]+)\(([^)]*)\) -> ([A-Za-z]+)$/.exec(signature);
  if (!m) throw new Error(`bad signature: ${signature}`);
  const [, name, list, returns] = m;
  const out: Parsed = { name, params: [], returns: checkType(returns, signature) };
  const parts = list === '' ? [] : list.split(', ');
  for (const p of parts) {
    if (p === '*') out.star = true;
    else if (p === '...') out.variadic = out.params[out.params.length - 1];
    else out.params.push(checkType(p, signature));
  }
  // `set(str, ...)`: the written str is the first of any number (set() is allowed).
  if (out.variadic) out.params.pop();
  return out;
}

function checkType(t: string, signature: string): ParamType {
  if (!PARAM_TYPES.has(t)) throw new Error(`bad type ${t} in ${signature}`);
  return t as ParamType;
}

export function scalar(signature: string, description: string, fn: ScalarFn, foldable = true): ScalarOverload {
  return { ...parseSignature(signature), signature, description, aggregate: false, foldable, fn };
}

export function aggregate(signature: string, description: string, impl: AggregateImpl): AggregateOverload {
  return { ...parseSignature(signature), signature, description, aggregate: true, foldable: false, impl };
}
