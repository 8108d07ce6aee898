/**
 * Reading a corpus laid out like speechocean762 (`wav/<utt>.flac|wav`, `text`,
 * optional `utt2spk`, `scores.json`, `lexicon.txt`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Expert scores in the corpus's own format (also our predictions format). */
export interface CorpusWordScores {
  text: string;
  accuracy: number;
  stress: number;
  total: number;
  phones: string[];
  'phones-accuracy': number[];
}

export interface CorpusUtteranceScores {
  text: string;
  accuracy: number;
  completeness: number;
  fluency: number;
  prosodic: number;
  total: number;
  words: CorpusWordScores[];
}

export interface CorpusUtterance {
  id: string;
  text: string;
  speaker: string;
  audioPath: string;
}

export interface Corpus {
  utterances: CorpusUtterance[];
  scores: Record<string, CorpusUtteranceScores> | null;
  /** Upper-case word → pronunciations (ARPAbet tokens as written in lexicon.txt). */
  lexicon: Map<string, string[][]>;
}

function readTable(path: string): Map<string, string> {
  const table = new Map<string, string>();
  if (!existsSync(path)) return table;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^(\S+)\s+(.*)$/.exec(line.trim());
    if (match?.[1] && match[2] !== undefined) table.set(match[1], match[2].trim());
  }
  return table;
}

export function readCorpus(dir: string): Corpus {
  const texts = readTable(join(dir, 'text'));
  if (texts.size === 0) throw new Error(`no utterances listed in ${join(dir, 'text')}`);
  const speakers = readTable(join(dir, 'utt2spk'));
  const utterances: CorpusUtterance[] = [];
  for (const [id, text] of texts) {
    const candidates = ['flac', 'wav', 'mp3', 'ogg', 'webm', 'm4a'].map((ext) =>
      join(dir, 'wav', `${id}.${ext}`),
    );
    const audioPath = candidates.find((p) => existsSync(p));
    if (!audioPath) continue;
    utterances.push({ id, text, speaker: speakers.get(id) ?? id, audioPath });
  }
  const scoresPath = join(dir, 'scores.json');
  const scores = existsSync(scoresPath)
    ? (JSON.parse(readFileSync(scoresPath, 'utf8')) as Record<string, CorpusUtteranceScores>)
    : null;
  const lexicon = new Map<string, string[][]>();
  for (const line of existsSync(join(dir, 'lexicon.txt'))
    ? readFileSync(join(dir, 'lexicon.txt'), 'utf8').split('\n')
    : []) {
    const [word, ...phones] = line.trim().split(/\s+/);
    if (!word || phones.length === 0) continue;
    const list = lexicon.get(word) ?? [];
    list.push(phones);
    lexicon.set(word, list);
  }
  return { utterances, scores, lexicon };
}

/**
 * Aligns two phone sequences (stress digits ignored) by edit distance and
 * returns, for each index of `ours`, the matched index of `theirs` or null.
 */
export function mapPhoneSequences(
  ours: readonly string[],
  theirs: readonly string[],
): Array<number | null> {
  const strip = (p: string): string => p.replace(/\d$/, '');
  const a = ours.map(strip);
  const b = theirs.map(strip);
  const n = a.length;
  const m = b.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const row = d[i] as number[];
      row[j] = Math.min(
        (d[i - 1]?.[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
        (d[i - 1]?.[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
      );
    }
  }
  const out: Array<number | null> = new Array<number | null>(n).fill(null);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = d[i]?.[j] ?? 0;
    if (here === (d[i - 1]?.[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      out[i - 1] = j - 1;
      i--;
      j--;
    } else if (here === (d[i - 1]?.[j] ?? 0) + 1) {
      i--;
    } else {
      j--;
    }
  }
  return out;
}
