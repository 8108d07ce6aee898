/**
 * `eval`: scores every recording of a speechocean762-style corpus and writes
 * predictions in the corpus's own scores.json format (0–10, phones 0–2).
 */
import { mapLimit } from './concurrency.ts';
import { analyzeRecording } from './analyze.ts';
import { decodeAudio } from './audio.ts';
import { loadCalibration } from './calibration.ts';
import {
  mapPhoneSequences,
  readCorpus,
  type CorpusUtteranceScores,
  type CorpusWordScores,
} from './corpus.ts';
import type { ScoringPool } from './pool.ts';
import { pearson } from './regression.ts';
import { scoreAlignment } from './scoring.ts';
import { buildLexicon, tokenizeText, type LexiconEntry } from './lexicon.ts';
import { parseCmuPhone } from './phones.ts';

const round1 = (v: number): number => Math.round(v * 10) / 10;

export interface EvalReport {
  predictions: Record<string, CorpusUtteranceScores>;
  /** Pearson correlations against the corpus's scores.json, when it has one. */
  pearson: Record<string, number> | null;
  failed: string[];
}

export async function evaluateCorpus(
  dir: string,
  pool: ScoringPool,
  onProgress?: (done: number, total: number) => void,
): Promise<EvalReport> {
  const corpus = readCorpus(dir);
  const calibration = loadCalibration();
  const predictions: Record<string, CorpusUtteranceScores> = {};
  const failed: string[] = [];
  let done = 0;
  await mapLimit(corpus.utterances, 4, async (u) => {
    const words = tokenizeText(u.text);
    const gold = corpus.scores?.[u.id];
    try {
      const audio = await decodeAudio({ path: u.audioPath });
      const analysis = await analyzeRecording(
        pool,
        audio.samples,
        u.text,
        await corpusLexicon(words, corpus.lexicon),
      );
      const aligned = analysis.aligned;
      const scores = aligned
        ? scoreAlignment(aligned, analysis.decoder.pitchHz, calibration)
        : null;
      const outWords: CorpusWordScores[] = words.map((text, w) => {
        const alignedWord = aligned?.words[w];
        const ours = alignedWord?.phones ?? [];
        const ourScores = scores?.phones[w] ?? [];
        // Phone order: the expert file's, else the corpus lexicon's closest variant, else ours.
        let phones = gold?.words[w]?.phones;
        if (!phones) {
          const variants = corpus.lexicon.get(text.toUpperCase()) ?? [];
          const ourNames = ours.map((p) => p.phone);
          phones = variants.sort(
            (a, b) =>
              mapPhoneSequences(ourNames, b).filter((x) => x !== null).length -
              mapPhoneSequences(ourNames, a).filter((x) => x !== null).length,
          )[0];
        }
        phones ??= ours.map((p) => (p.stress === null ? p.phone : `${p.phone}${p.stress}`));
        const mapping = mapPhoneSequences(
          phones,
          ours.map((p) => p.phone),
        );
        const wordMean = ourScores.length
          ? ourScores.reduce((a, b) => a + b, 0) / ourScores.length
          : 0;
        const accuracy = round1(scores?.words[w] ?? 0);
        const stress = scores?.stress[w] === false ? 5 : 10;
        return {
          text,
          accuracy,
          stress,
          total: accuracy,
          phones,
          'phones-accuracy': mapping.map((j) =>
            round1(j === null ? wordMean : (ourScores[j] ?? wordMean)),
          ),
        };
      });
      const utt = scores?.utterance;
      predictions[u.id] = {
        text: u.text,
        accuracy: round1(utt?.accuracy ?? 0),
        completeness: round1(utt?.completeness ?? 0),
        fluency: round1(utt?.fluency ?? 0),
        prosodic: round1(utt?.prosodic ?? 0),
        total: round1(utt?.total ?? 0),
        words: outWords,
      };
      if (!aligned) failed.push(u.id);
    } catch {
      failed.push(u.id);
    }
    onProgress?.(++done, corpus.utterances.length);
  });
  return {
    predictions,
    pearson: corpus.scores ? correlate(predictions, corpus.scores) : null,
    failed,
  };
}

/** Pearson correlations at phone, word and utterance level over utterances present in both. */
export function correlate(
  predictions: Record<string, CorpusUtteranceScores>,
  gold: Record<string, CorpusUtteranceScores>,
): Record<string, number> {
  const pairs: Record<string, [number[], number[]]> = {};
  const add = (key: string, p: number, g: number): void => {
    const slot = (pairs[key] ??= [[], []]);
    slot[0].push(p);
    slot[1].push(g);
  };
  for (const [id, g] of Object.entries(gold)) {
    const p = predictions[id];
    if (!p) continue;
    for (const aspect of ['accuracy', 'fluency', 'prosodic', 'completeness', 'total'] as const)
      add(aspect, p[aspect], g[aspect]);
    g.words.forEach((gw, w) => {
      const pw = p.words[w];
      if (!pw) return;
      add('word', pw.accuracy, gw.accuracy);
      gw['phones-accuracy'].forEach((ga, k) => {
        const pa = pw['phones-accuracy'][k];
        if (pa !== undefined && pw.phones.length === gw.phones.length) add('phone', pa, ga);
      });
    });
  }
  return Object.fromEntries(
    Object.entries(pairs).map(([k, [p, g]]) => [k, Number(pearson(p, g).toFixed(3))]),
  );
}

/**
 * The corpus's own pronunciations (lexicon.txt), which its experts scored
 * against and the calibration was fitted with; the dictionary and G2P fill in
 * words it lacks. Without a lexicon.txt: the dictionary as in production.
 */
async function corpusLexicon(
  words: readonly string[],
  lexicon: Map<string, string[][]>,
): Promise<LexiconEntry[] | undefined> {
  if (lexicon.size === 0) return undefined;
  const fallback = await buildLexicon(words);
  return words.map((word, i) => {
    const variants = (lexicon.get(word.toUpperCase()) ?? [])
      .map((tokens) => tokens.flatMap((t) => parseCmuPhone(t) ?? []))
      .filter((v) => v.length > 0);
    return variants.length > 0
      ? { word, variants, source: 'cmudict' as const }
      : (fallback[i] as LexiconEntry);
  });
}
