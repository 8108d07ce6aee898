/**
 * Latency benchmark: `npm run bench -w @clearspeak/speech`.
 * Scores synthetic recordings of about 2, 3, 5 and 15 s one at a time and 8
 * at once through a pool of 2 helpers, and pings an HTTP health endpoint in
 * this process meanwhile to show the event loop stays responsive.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { assess } from '../src/assess.ts';
import { decodeAudio } from '../src/audio.ts';
import { createScoringPool } from '../src/pool.ts';

const SENTENCES: Array<[string, string]> = [
  ['2 s', 'Please call Stella today.'],
  ['3 s', 'Please call Stella and ask her to bring these.'],
  ['5 s', 'Please call Stella and ask her to bring these things with her from the store.'],
  [
    '15 s',
    'Please call Stella and ask her to bring these things with her from the store. Six spoons of fresh snow peas, five thick slabs of blue cheese, and maybe a snack for her brother Bob. We also need a small plastic snake.',
  ],
];
const SEQUENTIAL_RUNS = 15;
const CONCURRENT_ROUNDS = 4;
const CONCURRENCY = 8;

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

const dir = mkdtempSync(join(tmpdir(), 'cs-bench-'));
const pool = createScoringPool({ size: 2, maxQueue: 64 });
const server = createServer((_, res) => res.end('ok')).listen(0);
const port = (server.address() as AddressInfo).port;

try {
  console.log(
    `machine: ${cpus().length} cores, Node ${process.version}; pool of 2 decoder helpers\n`,
  );
  const rows: Array<Record<string, string>> = [];
  const pings: number[] = [];
  for (const [label, text] of SENTENCES) {
    const path = join(dir, `${label.replace(' ', '')}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', path, text]);
    const audio = new Uint8Array(readFileSync(path));
    const durationS = ((await decodeAudio(audio)).durationMs / 1000).toFixed(1);
    const score = async (): Promise<number> => {
      const started = performance.now();
      const result = await assess({ audio, text, options: { pool } });
      if (result.status !== 'scored')
        throw new Error(`bench recording not scored: ${result.quality.verdict}`);
      return performance.now() - started;
    };
    await score(); // warm-up: helpers start, dictionary loads
    await score();
    const sequential: number[] = [];
    for (let i = 0; i < SEQUENTIAL_RUNS; i++) sequential.push(await score());

    const concurrent: number[] = [];
    let pinging = true;
    const pinger = (async () => {
      while (pinging) {
        const started = performance.now();
        await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.text());
        pings.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    for (let round = 0; round < CONCURRENT_ROUNDS; round++) {
      concurrent.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, score))));
    }
    pinging = false;
    await pinger;
    rows.push({
      recording: `${label} (${durationS} s)`,
      'alone p50 ms': percentile(sequential, 0.5).toFixed(0),
      'alone p99 ms': percentile(sequential, 0.99).toFixed(0),
      '8 at once p50 ms': percentile(concurrent, 0.5).toFixed(0),
      '8 at once p99 ms': percentile(concurrent, 0.99).toFixed(0),
    });
  }
  console.table(rows);
  console.log(
    `health ping while 8 scorings run: p50 ${percentile(pings, 0.5).toFixed(1)} ms, p99 ${percentile(pings, 0.99).toFixed(1)} ms, max ${Math.max(...pings).toFixed(1)} ms (${pings.length} pings)`,
  );
} finally {
  server.close();
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
