/**
 * Fits calibration/calibration.json: features → expert scores on a
 * speechocean762-style corpus, with speaker-wise cross-validation.
 *
 *   npm run fit -w @clearspeak/speech [-- <corpus-dir>]
 *
 * Decoder output is cached in generated/ so that refits after a feature
 * change do not re-decode the corpus (delete the cache after changing the
 * decoder).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AlignedUtterance } from '../src/alignment.ts';
import { decodeAudio } from '../src/audio.ts';
import { analyzeRecording } from '../src/analyze.ts';
import type { Calibration } from '../src/calibration.ts';
import { CALIBRATION_PATH } from '../src/calibration.ts';
import { mapPhoneSequences, readCorpus, type CorpusUtteranceScores } from '../src/corpus.ts';
import {
  judgeStress,
  measureTiming,
  PHONE_FEATURE_NAMES,
  phoneFeatures,
  UTTERANCE_FEATURE_NAMES,
  utteranceContext,
  utteranceFeatures,
  WORD_FEATURE_NAMES,
  wordFeatures,
  type TypicalFrames,
} from '../src/features.ts';
import { createScoringPool } from '../src/pool.ts';
import { fitRidge, pearson, predictRidge, type RidgeModel } from '../src/regression.ts';
import { ARPABET_PHONES } from '../src/phones.ts';

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpusDir = process.argv[2] ?? '/work/shared/data/speechocean762-train';
const cachePath = join(PACKAGE_DIR, 'generated', 'fit-cache.json');
const FOLDS = 5;
const ASPECTS = ['accuracy', 'fluency', 'prosodic', 'completeness', 'total'] as const;

interface Item {
  id: string;
  speaker: string;
  aligned: AlignedUtterance;
  pitchHz: number[];
  scores: CorpusUtteranceScores;
  /** Per our word, per our phone: the expert phone score (0–2) or null when unmatched. */
  phoneTargets: Array<Array<number | null>>;
}

async function loadItems(): Promise<Item[]> {
  const corpus = readCorpus(corpusDir);
  if (!corpus.scores) throw new Error(`${corpusDir} has no scores.json`);
  const cache: Record<string, { aligned: AlignedUtterance | null; pitchHz: number[] }> = existsSync(
    cachePath,
  )
    ? (JSON.parse(readFileSync(cachePath, 'utf8')) as Record<
        string,
        { aligned: AlignedUtterance | null; pitchHz: number[] }
      >)
    : {};
  const labelled = corpus.utterances.filter((u) => corpus.scores?.[u.id]);
  const pool = createScoringPool({ size: 2, maxQueue: 1000 });
  let done = 0;
  await Promise.all(
    labelled.map(async (u) => {
      if (cache[u.id]) return;
      const audio = await decodeAudio({ path: u.audioPath });
      const analysis = await analyzeRecording(pool, audio.samples, u.text);
      cache[u.id] = { aligned: analysis.aligned, pitchHz: analysis.decoder.pitchHz };
      if (++done % 50 === 0) process.stderr.write(`decoded ${done}\n`);
    }),
  );
  await pool.close();
  mkdirSync(dirname(cachePath), { recursive: true });
  writeFileSync(cachePath, JSON.stringify(cache));
  const items: Item[] = [];
  for (const u of labelled) {
    const scores = corpus.scores[u.id];
    const entry = cache[u.id];
    if (!scores || !entry?.aligned) {
      process.stderr.write(`skip ${u.id}: not aligned\n`);
      continue;
    }
    const aligned = entry.aligned;
    if (aligned.words.length !== scores.words.length) {
      process.stderr.write(`skip ${u.id}: word count differs\n`);
      continue;
    }
    const phoneTargets = aligned.words.map((word, w) => {
      const expert = scores.words[w];
      if (!expert) return word.phones.map(() => null);
      const mapping = mapPhoneSequences(
        word.phones.map((p) => p.phone),
        expert.phones,
      );
      return mapping.map((j) => (j === null ? null : (expert['phones-accuracy'][j] ?? null)));
    });
    items.push({
      id: u.id,
      speaker: u.speaker,
      aligned,
      pitchHz: entry.pitchHz,
      scores,
      phoneTargets,
    });
  }
  return items;
}

function typicalFrames(items: readonly Item[]): TypicalFrames {
  const byPhone = new Map<string, number[]>();
  for (const item of items)
    for (const word of item.aligned.words)
      for (const p of word.phones)
        byPhone.set(p.phone, [...(byPhone.get(p.phone) ?? []), p.features.frames]);
  const typical: TypicalFrames = {};
  for (const phone of ARPABET_PHONES) {
    const list = (byPhone.get(phone) ?? []).sort((a, b) => a - b);
    if (list.length > 0) typical[phone] = list[Math.floor(list.length / 2)] ?? 8;
  }
  return typical;
}

interface Models {
  phone: RidgeModel;
  word: RidgeModel;
  utterance: Record<(typeof ASPECTS)[number], RidgeModel>;
  typicalFrames: TypicalFrames;
}

function phoneRows(items: readonly Item[], typical: TypicalFrames) {
  const rows: number[][] = [];
  const targets: number[] = [];
  for (const item of items) {
    const context = utteranceContext(item.aligned);
    item.aligned.words.forEach((word, w) =>
      word.phones.forEach((_, i) => {
        const target = item.phoneTargets[w]?.[i];
        if (target === null || target === undefined) return;
        rows.push(phoneFeatures(word, i, context, typical));
        targets.push(target);
      }),
    );
  }
  return { rows, targets };
}

function predictPhones(item: Item, models: Pick<Models, 'phone' | 'typicalFrames'>): number[][] {
  const context = utteranceContext(item.aligned);
  return item.aligned.words.map((word) =>
    word.phones.map((_, i) =>
      predictRidge(models.phone, phoneFeatures(word, i, context, models.typicalFrames)),
    ),
  );
}

function wordRows(items: readonly Item[], models: Pick<Models, 'phone' | 'typicalFrames'>) {
  const rows: number[][] = [];
  const targets: number[] = [];
  for (const item of items) {
    const context = utteranceContext(item.aligned);
    const preds = predictPhones(item, models);
    item.aligned.words.forEach((word, w) => {
      rows.push(wordFeatures(word, preds[w] ?? [], context));
      targets.push(item.scores.words[w]?.accuracy ?? 0);
    });
  }
  return { rows, targets };
}

function utteranceRow(
  item: Item,
  models: Pick<Models, 'phone' | 'word' | 'typicalFrames'>,
): number[] {
  const context = utteranceContext(item.aligned);
  const phones = predictPhones(item, models);
  const words = item.aligned.words.map((word, w) =>
    predictRidge(models.word, wordFeatures(word, phones[w] ?? [], context)),
  );
  const stress = item.aligned.words
    .map((word) => judgeStress(word))
    .filter((s): s is boolean => s !== null);
  return utteranceFeatures(
    item.aligned,
    phones.flat(),
    words,
    measureTiming(item.aligned, item.pitchHz),
    stress,
  );
}

const LAMBDA = { phone: 30, word: 10, utterance: 20 };

function fitAll(items: readonly Item[]): Models {
  const typical = typicalFrames(items);
  const p = phoneRows(items, typical);
  const phone = fitRidge(PHONE_FEATURE_NAMES, p.rows, p.targets, LAMBDA.phone, { min: 0, max: 2 });
  const w = wordRows(items, { phone, typicalFrames: typical });
  const word = fitRidge(WORD_FEATURE_NAMES, w.rows, w.targets, LAMBDA.word, { min: 0, max: 10 });
  const uRows = items.map((item) => utteranceRow(item, { phone, word, typicalFrames: typical }));
  const utterance = Object.fromEntries(
    ASPECTS.map((aspect) => [
      aspect,
      fitRidge(
        UTTERANCE_FEATURE_NAMES,
        uRows,
        items.map((item) => item.scores[aspect]),
        LAMBDA.utterance,
        { min: 0, max: 10 },
      ),
    ]),
  ) as Models['utterance'];
  return { phone, word, utterance, typicalFrames: typical };
}

function crossValidate(items: readonly Item[]): Record<string, number> {
  const speakers = [...new Set(items.map((i) => i.speaker))].sort();
  const foldOf = new Map(speakers.map((s, i) => [s, i % FOLDS]));
  const collected: Record<string, { pred: number[]; gold: number[] }> = {};
  const add = (key: string, pred: number, gold: number): void => {
    const slot = (collected[key] ??= { pred: [], gold: [] });
    slot.pred.push(pred);
    slot.gold.push(gold);
  };
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = items.filter((i) => foldOf.get(i.speaker) !== fold);
    const test = items.filter((i) => foldOf.get(i.speaker) === fold);
    const models = fitAll(train);
    for (const item of test) {
      const phones = predictPhones(item, models);
      const context = utteranceContext(item.aligned);
      item.aligned.words.forEach((word, w) => {
        word.phones.forEach((_, i) => {
          const gold = item.phoneTargets[w]?.[i];
          if (gold !== null && gold !== undefined) add('phone', phones[w]?.[i] ?? 0, gold);
        });
        add(
          'word',
          predictRidge(models.word, wordFeatures(word, phones[w] ?? [], context)),
          item.scores.words[w]?.accuracy ?? 0,
        );
      });
      const row = utteranceRow(item, models);
      for (const aspect of ASPECTS)
        add(aspect, predictRidge(models.utterance[aspect], row), item.scores[aspect]);
    }
  }
  return Object.fromEntries(
    Object.entries(collected).map(([k, v]) => [k, Number(pearson(v.pred, v.gold).toFixed(3))]),
  );
}

const items = await loadItems();
process.stderr.write(
  `fitting on ${items.length} utterances, ${new Set(items.map((i) => i.speaker)).size} speakers\n`,
);
const cv = crossValidate(items);
const models = fitAll(items);
const calibration: Calibration = {
  version: 1,
  fittedOn: `speechocean762 training subset (${items.length} utterances), ${new Date().toISOString().slice(0, 10)}`,
  ...models,
  crossValidation: cv,
};
writeFileSync(CALIBRATION_PATH, `${JSON.stringify(calibration, null, 1)}\n`);
console.log(`speaker-wise ${FOLDS}-fold CV Pearson correlations (training figures):`);
console.table(cv);
console.log(`wrote ${CALIBRATION_PATH}`);
