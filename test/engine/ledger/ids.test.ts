import { describe, expect, it } from 'vitest';
import { positionId } from '../../../engine/ledger/ids';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('positionId', () => {
  it('is a version-8 UUID, the same for the same position on every call', () => {
    const a = positionId('main.bean', 1234);
    expect(a).toMatch(UUID);
    positionId('other.bean', 1); // the per-file cache must not leak into the next answer
    expect(positionId('main.bean', 1234)).toBe(a);
  });

  it('differs by file and by offset (no collisions over 200k nearby positions)', () => {
    const seen = new Set<string>();
    for (const file of ['main.bean', 'main.beam', 'sub/main.bean', 'x.zhang']) {
      for (let i = 0; i < 50_000; i++) seen.add(positionId(file, i));
    }
    expect(seen.size).toBe(200_000);
  });

  it('handles offsets beyond 32 bits', () => {
    expect(positionId('f', 2 ** 32)).not.toBe(positionId('f', 0));
    expect(positionId('f', 2 ** 32 + 5)).toMatch(UUID);
  });
});
