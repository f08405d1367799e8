/**
 * Deterministic ids from source positions: the same directive at the same place in the same file
 * (relative to the ledger root) gets the same id on every load, so links to transactions and
 * errors survive a reload. Runs once per directive (100k+ per load), hence a fast
 * non-cryptographic hash (MurmurHash3-style mixing in four 32-bit lanes) rather than SHA.
 *
 * Formatted as a UUID with version 8 ("custom", RFC 9562) and the RFC variant bits.
 */

const SEEDS = [0x9747b28c, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f] as const;

function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

// Consecutive calls almost always name the same file: keep its lane states.
let lastFile: string | null = null;
const fileLanes = new Int32Array(4);

function lanesOf(file: string): Int32Array {
  if (file === lastFile) return fileLanes;
  for (let l = 0; l < 4; l++) {
    let h: number = SEEDS[l];
    for (let i = 0; i < file.length; i++) h = mix(h, file.charCodeAt(i) + (l << 16));
    fileLanes[l] = mix(h, file.length);
  }
  lastFile = file;
  return fileLanes;
}

const HEX_CODES: number[] = [];
for (let i = 0; i < 16; i++) HEX_CODES.push('0123456789abcdef'.charCodeAt(i));

/**
 * Char codes of the id being formatted. The id is built in one String.fromCharCode call: a string
 * concatenated from pieces is a tree of cons-strings, kept alive as such by every transaction
 * (a dozen heap objects per id instead of one).
 */
const CODES: number[] = new Array(36).fill(45); // '-' stays at 8, 13, 18 and 23

function putHex(x: number, at: number, digits: number): void {
  for (let k = digits - 1; k >= 0; k--) {
    CODES[at + k] = HEX_CODES[x & 15];
    x >>>= 4;
  }
}

function firstWord(lanes: Int32Array, lo: number, hi: number): number {
  return fmix(mix(mix(lanes[0], lo), hi) ^ lanes[1]);
}

/**
 * The first 32 bits of positionId(file, byteStart) (its first eight hex digits), without making
 * the id: `id IN (...)` compares these first and makes the ids of the few rows that match
 * (a journal page looked up 100 ids by making all 200k of a large ledger's, 60-90 ms).
 */
export function positionIdWord(fileRelativeToRoot: string, byteStart: number): number {
  return firstWord(lanesOf(fileRelativeToRoot), byteStart >>> 0, Math.floor(byteStart / 4294967296) >>> 0) >>> 0;
}

/** The first 32 bits of an id given as text (its first eight hex digits), -1 if they are not hex. */
export function idWord(id: string): number {
  if (id.length < 8) return -1;
  let w = 0;
  for (let k = 0; k < 8; k++) {
    const c = id.charCodeAt(k);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
    if (d < 0) return -1;
    w = w * 16 + d;
  }
  return w;
}

/** UUID-formatted id of the directive starting at `byteStart` in `fileRelativeToRoot`. */
export function positionId(fileRelativeToRoot: string, byteStart: number): string {
  const lanes = lanesOf(fileRelativeToRoot);
  const lo = byteStart >>> 0;
  const hi = Math.floor(byteStart / 4294967296) >>> 0;
  // Feed the other lanes in so the four words are not independent hashes of the same input.
  const w0 = firstWord(lanes, lo, hi);
  const w1 = (fmix(mix(mix(lanes[1], lo), hi) ^ lanes[2]) & 0xffff0fff) | 0x00008000; // version 8
  const w2 = (fmix(mix(mix(lanes[2], lo), hi) ^ lanes[3]) & 0x3fffffff) | 0x80000000; // variant 10
  const w3 = fmix(mix(mix(lanes[3], lo), hi) ^ lanes[0]);
  // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx from w0 | w1 hi, w1 lo | w2 hi, w2 lo + w3.
  putHex(w0, 0, 8);
  putHex(w1 >>> 16, 9, 4);
  putHex(w1 & 0xffff, 14, 4);
  putHex(w2 >>> 16, 19, 4);
  putHex(w2 & 0xffff, 24, 4);
  putHex(w3, 28, 8);
  return String.fromCharCode.apply(null, CODES);
}
