/**
 * The postings of the transactions a query names by id (`WHERE id IN :ids`: the journal's posting
 * rows of a page's transactions), found through the transactions rather than by testing every
 * posting row: a transaction's id is tested by its first 32 bits (ledger/ids.ts), made only when
 * they match, and the snapshot lists each transaction's rows together, in transaction order
 * (booking/walk.ts placeFrom). The journal's first page after a save tested the 320k rows of
 * the bench's xlarge ledger (30-40 ms); its 100k transactions are a third of that.
 */
import type { Snapshot } from '../../ledger/snapshot';
import { idWord } from '../../ledger/ids';
import type { Deadline } from './limits';

/**
 * Positions in `snapshot.postings` of the rows of the transactions whose id starts with one of
 * `words`, ascending; null when the rows are not laid out as expected (then nothing is narrowed).
 * A superset: the scan still tests the whole condition on each.
 */
export function postingRowsWithIdWords(snapshot: Snapshot, words: readonly number[], deadline: Deadline): Int32Array | null {
  const want = new Set(words);
  const txns = snapshot.transactions;
  const postings = snapshot.postings;
  const out: number[] = [];
  let at = 0;
  for (let k = 0; k < txns.length; k++) {
    deadline.tick();
    const t = txns[k];
    const n = t.postings.length;
    if (want.has(t.idWord ?? idWord(t.id))) {
      for (let j = 0; j < n; j++) {
        if (postings[at + j]?.txn !== t) return null;
        out.push(at + j);
      }
    }
    at += n;
  }
  return at === postings.length ? Int32Array.from(out) : null;
}
