/**
 * Copies of strings cut out of a file's text that no longer reference that text.
 *
 * V8 makes `text.slice(a, b)` of 13 characters or more a "sliced string": a view that keeps the
 * whole parent alive. The parser keeps names, payees, narrations, tags and error texts for the
 * life of the ledger, so one kept slice held the entire file text (35 MB for the xlarge
 * bean-example ledger) as long as the snapshot lived. Each distinct name is detached once (the
 * name table shares it afterwards); strings kept per occurrence (long or escaped ones, error
 * texts) are rare.
 */

/** Below V8's shortest sliced string, `slice` already copies (a shortcut, not needed for correctness). */
const MIN_SLICED = 13;

/**
 * The same characters in a string of its own. JSON parsing builds a new flat string and keeps
 * every code unit, lone surrogates included (JSON.stringify escapes them).
 */
export function detach(s: string): string {
  return s.length < MIN_SLICED ? s : (JSON.parse(JSON.stringify(s)) as string);
}

/** Detaches a string that may be null. */
export function detachOrNull(s: string | null): string | null {
  return s === null ? null : detach(s);
}
