/**
 * Metadata keys written twice on one directive, reported as Beancount 2.3.5's grammar does: in a
 * transaction (its own lines or a posting's) each repeat is an error on the transaction's line
 * ("Duplicate metadata field on entry: id" / "Duplicate posting metadata field: id"); on other
 * directives Beancount keeps a plain dict and says nothing. Beancount files only: zhang repeats
 * keys on purpose (several `document` values).
 *
 * The values are all kept: the spec reads repeated keys (meta() the first value, the *_values
 * functions and `metas` every value, one document row per `document` value), and bean-check's
 * first-value-wins for transactions agrees with meta().
 */
import type { DirectiveAst, Meta } from '../ast';

const NONE: readonly string[] = Object.freeze([]);

/** Keys repeated in `meta`, once per repeat, in written order. */
function repeatedKeys(meta: Meta, out: string[], prefix: string): void {
  for (let i = 1; i < meta.length; i++) {
    for (let j = 0; j < i; j++) {
      if (meta[j].key === meta[i].key) {
        out.push(prefix + meta[i].key);
        break;
      }
    }
  }
}

/** The messages bean-check gives for repeated metadata keys of the directive (usually none). */
export function duplicateMetaMessages(d: DirectiveAst): readonly string[] {
  if (d.type !== 'transaction') return NONE;
  // Called for every transaction of large ledgers: allocate only when some list could repeat a key.
  let maybe = d.meta.length > 1;
  for (let i = 0; i < d.postings.length && !maybe; i++) maybe = d.postings[i].meta.length > 1;
  if (!maybe) return NONE;
  const out: string[] = [];
  repeatedKeys(d.meta, out, 'Duplicate metadata field on entry: ');
  for (const p of d.postings) if (p.meta.length > 1) repeatedKeys(p.meta, out, 'Duplicate posting metadata field: ');
  return out;
}
