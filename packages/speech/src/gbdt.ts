/**
 * Gradient-boosted regression trees (squared loss, histogram splits) and the
 * blend of a ridge model with them. Small on purpose, like the ridge: the
 * fitted trees are plain JSON that ships with the package, and predicting
 * one row costs a few microseconds.
 */
import { fitRidge, predictRidge, type RidgeModel } from './regression.ts';

export interface GbdtParams {
  trees: number;
  /** Maximum depth of each tree (1 = stumps). */
  depth: number;
  /** Shrinkage applied to every tree's leaves. */
  learningRate: number;
  /** Fewest training rows in a leaf. */
  minLeaf: number;
  /** Share of rows each tree sees (stochastic boosting); 1 = all. */
  subsample: number;
  /** L2 penalty on leaf values (as if each leaf had this many extra zero residuals). */
  leafL2: number;
  /** Candidate split points per feature (quantiles of the training values). */
  bins: number;
  seed: number;
}

export const DEFAULT_GBDT: GbdtParams = {
  trees: 200,
  depth: 3,
  learningRate: 0.05,
  minLeaf: 20,
  subsample: 0.7,
  leafL2: 5,
  bins: 32,
  seed: 1,
};

/** One tree as parallel arrays; a node with feature −1 is a leaf holding `value`. */
export interface GbdtTree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

export interface GbdtModel {
  kind: 'gbdt';
  featureNames: string[];
  init: number;
  trees: GbdtTree[];
  min: number;
  max: number;
}

function clean(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) ? value : 0;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (v: number): number => Number(v.toPrecision(6));

export function fitGbdt(
  featureNames: readonly string[],
  rows: readonly number[][],
  targets: readonly number[],
  params: GbdtParams,
  range: { min: number; max: number },
): GbdtModel {
  const n = rows.length;
  const d = featureNames.length;
  // Split candidates per feature: distinct quantiles of the training values.
  const cuts: number[][] = [];
  const binned: Uint8Array[] = [];
  for (let j = 0; j < d; j++) {
    const values = rows.map((r) => clean(r[j])).sort((a, b) => a - b);
    const c: number[] = [];
    for (let b = 1; b < params.bins; b++) {
      const v = values[Math.floor((b * n) / params.bins)] ?? 0;
      if (c.length === 0 || v > (c[c.length - 1] ?? -Infinity)) c.push(v);
    }
    // A split at a cut sends x ≤ cut left; the largest value never splits.
    if (c.length > 0 && c[c.length - 1] === values[n - 1]) c.pop();
    cuts.push(c);
    const column = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const v = clean(rows[i]?.[j]);
      let lo = 0;
      let hi = c.length; // bin = number of cuts strictly below v
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((c[mid] ?? 0) < v) lo = mid + 1;
        else hi = mid;
      }
      column[i] = lo;
    }
    binned.push(column);
  }
  const init = targets.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const pred = new Float64Array(n).fill(init);
  const residual = new Float64Array(n);
  const random = mulberry32(params.seed);
  const trees: GbdtTree[] = [];
  const sums = new Float64Array(params.bins + 1);
  const counts = new Float64Array(params.bins + 1);
  for (let t = 0; t < params.trees; t++) {
    for (let i = 0; i < n; i++) residual[i] = (targets[i] ?? 0) - (pred[i] ?? 0);
    const sample: number[] = [];
    for (let i = 0; i < n; i++)
      if (params.subsample >= 1 || random() < params.subsample) sample.push(i);
    const tree: GbdtTree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const grow = (index: number[], depth: number): number => {
      const node = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      let total = 0;
      for (const i of index) total += residual[i] ?? 0;
      tree.value.push(round((params.learningRate * total) / (index.length + params.leafL2)));
      if (depth >= params.depth || index.length < 2 * params.minLeaf) return node;
      let bestGain = 1e-9;
      let bestFeature = -1;
      let bestBin = -1;
      const parentScore = (total * total) / (index.length + params.leafL2);
      for (let j = 0; j < d; j++) {
        const c = cuts[j] as number[];
        if (c.length === 0) continue;
        const column = binned[j] as Uint8Array;
        sums.fill(0, 0, c.length + 1);
        counts.fill(0, 0, c.length + 1);
        for (const i of index) {
          const b = column[i] ?? 0;
          sums[b] = (sums[b] ?? 0) + (residual[i] ?? 0);
          counts[b] = (counts[b] ?? 0) + 1;
        }
        let sl = 0;
        let nl = 0;
        for (let b = 0; b < c.length; b++) {
          sl += sums[b] ?? 0;
          nl += counts[b] ?? 0;
          const nr = index.length - nl;
          if (nl < params.minLeaf) continue;
          if (nr < params.minLeaf) break;
          const sr = total - sl;
          const gain =
            (sl * sl) / (nl + params.leafL2) + (sr * sr) / (nr + params.leafL2) - parentScore;
          if (gain > bestGain) {
            bestGain = gain;
            bestFeature = j;
            bestBin = b;
          }
        }
      }
      if (bestFeature < 0) return node;
      const column = binned[bestFeature] as Uint8Array;
      const leftIndex = index.filter((i) => (column[i] ?? 0) <= bestBin);
      const rightIndex = index.filter((i) => (column[i] ?? 0) > bestBin);
      tree.feature[node] = bestFeature;
      tree.threshold[node] = cuts[bestFeature]?.[bestBin] ?? 0;
      tree.value[node] = 0;
      tree.left[node] = grow(leftIndex, depth + 1);
      tree.right[node] = grow(rightIndex, depth + 1);
      return node;
    };
    grow(sample, 0);
    trees.push(tree);
    for (let i = 0; i < n; i++) pred[i] = (pred[i] ?? 0) + treeValue(tree, rows[i] ?? []);
  }
  return {
    kind: 'gbdt',
    featureNames: [...featureNames],
    init: round(init),
    trees,
    min: range.min,
    max: range.max,
  };
}

function treeValue(tree: GbdtTree, row: readonly number[]): number {
  let node = 0;
  for (;;) {
    const f = tree.feature[node] ?? -1;
    if (f < 0) return tree.value[node] ?? 0;
    node =
      clean(row[f]) <= (tree.threshold[node] ?? 0)
        ? (tree.left[node] ?? 0)
        : (tree.right[node] ?? 0);
  }
}

export function predictGbdt(model: GbdtModel, row: readonly number[]): number {
  let value = model.init;
  for (const tree of model.trees) value += treeValue(tree, row);
  return Math.max(model.min, Math.min(model.max, value));
}

/** A ridge model and boosted trees over the same features, averaged with a fixed weight. */
export interface BlendModel {
  kind: 'blend';
  ridge: RidgeModel;
  gbdt: GbdtModel;
  /** Weight of the trees (0–1); the ridge gets the rest. */
  gbdtWeight: number;
}

/** Any fitted scorer the calibration ships: a plain ridge (no `kind`) or a blend. */
export type ScoreModel = RidgeModel | BlendModel;

export function predictModel(model: ScoreModel, row: readonly number[]): number {
  if ('kind' in model && model.kind === 'blend') {
    const w = model.gbdtWeight;
    const value = (1 - w) * predictRidge(model.ridge, row) + w * predictGbdt(model.gbdt, row);
    return Math.max(model.ridge.min, Math.min(model.ridge.max, value));
  }
  return predictRidge(model as RidgeModel, row);
}

/**
 * The ridge inside a blend (the model itself when it is a ridge). The levels
 * above the phone read these linear phone scores: they were fitted on them,
 * and the trees' in-sample scores would look better to them than the trees'
 * scores on new speakers are.
 */
export function linearPart(model: ScoreModel): RidgeModel {
  return 'kind' in model && model.kind === 'blend' ? model.ridge : (model as RidgeModel);
}

export function fitBlend(
  featureNames: readonly string[],
  rows: readonly number[][],
  targets: readonly number[],
  lambda: number,
  params: GbdtParams,
  gbdtWeight: number,
  range: { min: number; max: number },
): ScoreModel {
  const ridge = fitRidge(featureNames, rows, targets, lambda, range);
  if (gbdtWeight <= 0) return ridge;
  return {
    kind: 'blend',
    ridge,
    gbdt: fitGbdt(featureNames, rows, targets, params, range),
    gbdtWeight,
  };
}
