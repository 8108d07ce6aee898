import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { CorpusUtteranceScores } from './corpus.ts';
import { makeTempDir, speak, TRAINING_CORPUS } from './test-support.ts';

const run = promisify(execFile);
const BIN = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'clearspeak-speech.js');
const temp = makeTempDir();
afterAll(() => temp.cleanup());

const hasCorpus = existsSync(join(TRAINING_CORPUS, 'text'));
if (!hasCorpus) console.warn(`skipping training-set CLI tests: ${TRAINING_CORPUS} is absent`);

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [BIN, ...args], { timeout: 120_000 });
}

describe('clearspeak-speech CLI', () => {
  it('scores a synthetic espeak-ng recording end to end', async () => {
    const wav = speak('Thank you very much', join(temp.dir, 'thanks.wav'));
    const { stdout } = await cli('score', wav, 'Thank you very much');
    const result = JSON.parse(stdout) as {
      status: string;
      words: Array<{ text: string; phones: unknown[] }>;
    };
    expect(result.status).toBe('scored');
    expect(result.words.map((w) => w.text)).toEqual(['Thank', 'you', 'very', 'much']);
    expect(result.words[0]?.phones).toHaveLength(4);
  });

  it('prints usage and fails on missing arguments', async () => {
    await expect(cli('score')).rejects.toMatchObject({ code: 2 });
  });

  it.skipIf(!hasCorpus)('scores a recording from the training set', async () => {
    const { stdout } = await cli(
      'score',
      join(TRAINING_CORPUS, 'wav', '000010011.flac'),
      'WE CALL IT BEAR',
    );
    const result = JSON.parse(stdout) as {
      status: string;
      utterance: { accuracy: number };
      words: Array<{ text: string }>;
    };
    expect(result.status).toBe('scored');
    expect(result.words.map((w) => w.text)).toEqual(['WE', 'CALL', 'IT', 'BEAR']);
    expect(result.utterance.accuracy).toBeGreaterThan(40);
  });

  it.skipIf(!hasCorpus)(
    'evaluates a corpus into scores.json format with correlations',
    async () => {
      const all = JSON.parse(readFileSync(join(TRAINING_CORPUS, 'scores.json'), 'utf8')) as Record<
        string,
        CorpusUtteranceScores
      >;
      const ids = Object.keys(all).slice(0, 6);
      const corpus = join(temp.dir, 'corpus');
      mkdirSync(join(corpus, 'wav'), { recursive: true });
      for (const id of ids)
        symlinkSync(join(TRAINING_CORPUS, 'wav', `${id}.flac`), join(corpus, 'wav', `${id}.flac`));
      writeFileSync(join(corpus, 'text'), ids.map((id) => `${id}\t${all[id]?.text}`).join('\n'));
      writeFileSync(
        join(corpus, 'scores.json'),
        JSON.stringify(Object.fromEntries(ids.map((id) => [id, all[id]]))),
      );
      const out = join(temp.dir, 'predictions.json');
      const { stdout } = await cli('eval', corpus, '--out', out);
      expect(stdout).toMatch(/phone\s+-?\d\.\d{3}/);
      expect(stdout).toMatch(/accuracy\s+-?\d\.\d{3}/);
      const predictions = JSON.parse(readFileSync(out, 'utf8')) as Record<
        string,
        CorpusUtteranceScores
      >;
      expect(Object.keys(predictions).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        const p = predictions[id];
        const g = all[id];
        expect(p?.words.map((w) => w.text)).toEqual(g?.words.map((w) => w.text));
        p?.words.forEach((w, i) => {
          expect(w.phones).toEqual(g?.words[i]?.phones);
          expect(w['phones-accuracy']).toHaveLength(w.phones.length);
          for (const a of w['phones-accuracy']) expect(a).toBeGreaterThanOrEqual(0);
          expect([5, 10]).toContain(w.stress);
        });
        expect(p?.accuracy).toBeGreaterThanOrEqual(0);
        expect(p?.accuracy).toBeLessThanOrEqual(10);
      }
    },
  );
});
