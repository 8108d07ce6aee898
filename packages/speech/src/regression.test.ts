import { describe, expect, it } from 'vitest';
import { fitRidge, pearson, predictRidge } from './regression.ts';

describe('ridge regression', () => {
  it('recovers a linear relation and clamps to the target range', () => {
    const rows = Array.from({ length: 200 }, (_, i) => [Math.sin(i), Math.cos(3 * i), i % 7]);
    const targets = rows.map(([a = 0, b = 0, c = 0]) => 2 * a - b + 0.5 * c + 3);
    const model = fitRidge(['a', 'b', 'c'], rows, targets, 1e-6, { min: 0, max: 8 });
    expect(predictRidge(model, [0, 0, 0])).toBeCloseTo(3, 3);
    expect(predictRidge(model, [1, 0, 2])).toBeCloseTo(6, 3);
    expect(predictRidge(model, [10, 0, 0])).toBe(8);
  });

  it('computes Pearson correlation', () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1);
    expect(pearson([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0);
  });
});
