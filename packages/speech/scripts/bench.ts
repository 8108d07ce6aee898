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
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpus, loadavg, tmpdir } from 'node:os';
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

/** CPU time (ms) used so far by the decoder helpers, from /proc (Linux). */
function helperCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // helper replaced meanwhile: its time is lost, the figure is a lower bound
    }
  }
  return ticks * 10;
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

// Event-loop delay inside this process (what the server's own code adds), as opposed to
// the ping's round trip, which also includes the OS scheduling this process at all.
const loopDelays: Array<{ p50: number; p99: number; max: number }> = [];
const dir = mkdtempSync(join(tmpdir(), 'cs-bench-'));
const pool = createScoringPool({ size: 2, maxQueue: 64 });
const server = createServer((_, res) => res.end('ok')).listen(0);
const port = (server.address() as AddressInfo).port;

try {
  const load = (): string =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `machine: ${cpus().length} cores, Node ${process.version}, load average ${load()}; pool of 2 decoder helpers`,
  );
  console.log(
    'CPU ms/run: decoder helpers + this Node process per scoring (ffmpeg not included); "of which Node": the part on the event loop\n',
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
    const pids = pool.helperPids();
    const helperBefore = helperCpuMs(pids);
    const nodeBefore = process.cpuUsage();
    for (let i = 0; i < SEQUENTIAL_RUNS; i++) sequential.push(await score());
    const nodeCpu = process.cpuUsage(nodeBefore);
    const nodeCpuPerRun = (nodeCpu.user + nodeCpu.system) / 1000 / SEQUENTIAL_RUNS;
    const cpuPerRun = (helperCpuMs(pids) - helperBefore) / SEQUENTIAL_RUNS + nodeCpuPerRun;

    const concurrent: number[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
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
    loopDelay.disable();
    loopDelays.push({
      p50: loopDelay.percentile(50) / 1e6,
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
    });
    rows.push({
      recording: `${label} (${durationS} s)`,
      'alone p50 ms': percentile(sequential, 0.5).toFixed(0),
      'alone p99 ms': percentile(sequential, 0.99).toFixed(0),
      'CPU ms/run': cpuPerRun.toFixed(0),
      'of which Node': nodeCpuPerRun.toFixed(0),
      '8 at once p50 ms': percentile(concurrent, 0.5).toFixed(0),
      '8 at once p99 ms': percentile(concurrent, 0.99).toFixed(0),
    });
  }
  console.table(rows);
  console.log(`load average after: ${load()}`);
  console.log(
    `event-loop delay while 8 scorings run (worst recording length): p50 ${Math.max(...loopDelays.map((d) => d.p50)).toFixed(1)} ms, p99 ${Math.max(...loopDelays.map((d) => d.p99)).toFixed(1)} ms, max ${Math.max(...loopDelays.map((d) => d.max)).toFixed(1)} ms`,
  );
  console.log(
    `health ping while 8 scorings run: p50 ${percentile(pings, 0.5).toFixed(1)} ms, p99 ${percentile(pings, 0.99).toFixed(1)} ms, max ${Math.max(...pings).toFixed(1)} ms (${pings.length} pings)`,
  );
} finally {
  server.close();
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
