import { describe, expect, it } from 'vitest';
import { DEFAULT_GBDT, fitBlend, fitGbdt, linearPart, predictGbdt, predictModel } from './gbdt.ts';
import { fitRidge, pearson } from './regression.ts';

const rows = Array.from({ length: 400 }, (_, i) => [
  Math.sin(i * 1.3) * 3,
  Math.cos(i * 0.7),
  i % 5,
]);
// A threshold effect (as in "any badly wrong phone drags the utterance down") plus a linear part.
const targets = rows.map(([a = 0, b = 0]) => (a < -1 ? 2 : 8) + b);

describe('boosted trees', () => {
  it('learns a threshold effect that a linear model cannot', () => {
    const params = { ...DEFAULT_GBDT, trees: 150, learningRate: 0.1, subsample: 1 };
    const model = fitGbdt(['a', 'b', 'c'], rows, targets, params, { min: 0, max: 10 });
    const ridge = fitRidge(['a', 'b', 'c'], rows, targets, 1e-6, { min: 0, max: 10 });
    const treePreds = rows.map((r) => predictGbdt(model, r));
    const ridgePreds = rows.map((r) => predictModel(ridge, r));
    expect(pearson(treePreds, targets)).toBeGreaterThan(0.97);
    expect(pearson(treePreds, targets)).toBeGreaterThan(pearson(ridgePreds, targets) + 0.05);
    expect(predictGbdt(model, [-2, 0, 0])).toBeLessThan(3.5);
    expect(predictGbdt(model, [2, 0, 0])).toBeGreaterThan(6.5);
  });

  it('is deterministic, survives JSON and clamps to the target range', () => {
    const a = fitBlend(['a', 'b', 'c'], rows, targets, 1, DEFAULT_GBDT, 0.5, { min: 3, max: 7 });
    const b = JSON.parse(
      JSON.stringify(
        fitBlend(['a', 'b', 'c'], rows, targets, 1, DEFAULT_GBDT, 0.5, { min: 3, max: 7 }),
      ),
    ) as typeof a;
    for (const row of rows.slice(0, 20)) expect(predictModel(b, row)).toBe(predictModel(a, row));
    const preds = rows.map((r) => predictModel(a, r));
    expect(Math.min(...preds)).toBe(3);
    expect(Math.max(...preds)).toBe(7);
    expect(predictModel(a, [Number.NaN, 0, 0])).toBeGreaterThanOrEqual(3);
  });

  it('falls back to the plain ridge when the trees get no weight', () => {
    const model = fitBlend(['a', 'b', 'c'], rows, targets, 1, DEFAULT_GBDT, 0, { min: 0, max: 10 });
    expect('kind' in model).toBe(false);
    expect(linearPart(model)).toBe(model);
    const blend = fitBlend(['a', 'b', 'c'], rows, targets, 1, DEFAULT_GBDT, 0.5, {
      min: 0,
      max: 10,
    });
    expect(linearPart(blend)).not.toBe(blend);
    expect(predictModel(linearPart(blend), [0.5, 0.5, 1])).toBeCloseTo(
      predictModel(fitRidge(['a', 'b', 'c'], rows, targets, 1, { min: 0, max: 10 }), [0.5, 0.5, 1]),
      9,
    );
  });
});
