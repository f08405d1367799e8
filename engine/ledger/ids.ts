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

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push((i + 0x100).toString(16).slice(1));

function hex32(x: number): string {
  return HEX[(x >>> 24) & 255] + HEX[(x >>> 16) & 255] + HEX[(x >>> 8) & 255] + HEX[x & 255];
}

/** UUID-formatted id of the directive starting at `byteStart` in `fileRelativeToRoot`. */
export function positionId(fileRelativeToRoot: string, byteStart: number): string {
  const lanes = lanesOf(fileRelativeToRoot);
  const lo = byteStart >>> 0;
  const hi = Math.floor(byteStart / 4294967296) >>> 0;
  const w: number[] = [0, 0, 0, 0];
  for (let l = 0; l < 4; l++) {
    let h = mix(lanes[l], lo);
    h = mix(h, hi);
    // Feed the other lanes in so the four words are not independent hashes of the same input.
    h ^= lanes[(l + 1) & 3];
    w[l] = fmix(h);
  }
  w[1] = (w[1] & 0xffff0fff) | 0x00008000; // version 8
  w[2] = (w[2] & 0x3fffffff) | 0x80000000; // variant 10
  const a = hex32(w[0]);
  const b = hex32(w[1]);
  const c = hex32(w[2]);
  const d = hex32(w[3]);
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}
