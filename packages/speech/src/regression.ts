/**
 * Ridge regression on standardised features (closed form, via ml-matrix) and
 * the Pearson correlation used to judge it. Small on purpose: the fitted
 * parameters are plain JSON that ships with the package.
 */
import { Matrix, solve } from 'ml-matrix';

export interface RidgeModel {
  featureNames: string[];
  mean: number[];
  std: number[];
  weights: number[];
  intercept: number;
  /** Predictions are clamped to the target's range. */
  min: number;
  max: number;
}

export function fitRidge(
  featureNames: readonly string[],
  rows: readonly number[][],
  targets: readonly number[],
  lambda: number,
  range: { min: number; max: number },
): RidgeModel {
  const d = featureNames.length;
  const n = rows.length;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const row of rows) row.forEach((v, j) => (mean[j] = (mean[j] ?? 0) + v / n));
  for (const row of rows)
    row.forEach((v, j) => (std[j] = (std[j] ?? 0) + (v - (mean[j] ?? 0)) ** 2 / n));
  for (let j = 0; j < d; j++) std[j] = Math.sqrt(std[j] ?? 0) || 1;
  const yMean = targets.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const x = new Matrix(rows.map((row) => row.map((v, j) => (v - (mean[j] ?? 0)) / (std[j] ?? 1))));
  const y = Matrix.columnVector(targets.map((t) => t - yMean));
  const xt = x.transpose();
  const gram = xt.mmul(x);
  for (let j = 0; j < d; j++) gram.set(j, j, gram.get(j, j) + lambda);
  const beta = solve(gram, xt.mmul(y));
  return {
    featureNames: [...featureNames],
    mean,
    std,
    weights: beta.getColumn(0),
    intercept: yMean,
    min: range.min,
    max: range.max,
  };
}

export function predictRidge(model: RidgeModel, row: readonly number[]): number {
  let value = model.intercept;
  for (let j = 0; j < model.weights.length; j++) {
    const x = ((row[j] ?? 0) - (model.mean[j] ?? 0)) / (model.std[j] || 1);
    value += (model.weights[j] ?? 0) * (Number.isFinite(x) ? x : 0);
  }
  return Math.max(model.min, Math.min(model.max, value));
}

/** Pearson correlation coefficient; 0 when either side has no variance. */
export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 2) return 0;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += (a[i] ?? 0) / n;
    mb += (b[i] ?? 0) / n;
  }
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] ?? 0) - ma;
    const db = (b[i] ?? 0) - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}
