/**
 * clearspeak-speech CLI.
 *   clearspeak-speech score <audio> "<text>"        prints the assessment as JSON
 *   clearspeak-speech eval <corpus-dir> --out <predictions.json>
 */
import { writeFileSync } from 'node:fs';
import { assess } from './assess.ts';
import { evaluateCorpus } from './evaluate.ts';
import { createScoringPool } from './pool.ts';

const USAGE = `usage:
  clearspeak-speech score <audio> "<text>"
  clearspeak-speech eval <corpus-dir> --out <predictions.json>`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'score') {
    const [audioPath, text] = rest;
    if (!audioPath || !text) {
      console.error(USAGE);
      return 2;
    }
    const pool = createScoringPool({ size: 1, maxQueue: 1 });
    try {
      const result = await assess({ audio: { path: audioPath }, text, options: { pool } });
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return 0;
    } finally {
      await pool.close();
    }
  }
  if (command === 'eval') {
    const dir = rest.find((a) => !a.startsWith('--') && rest[rest.indexOf(a) - 1] !== '--out');
    const outIndex = rest.indexOf('--out');
    const out = outIndex >= 0 ? rest[outIndex + 1] : undefined;
    if (!dir || !out) {
      console.error(USAGE);
      return 2;
    }
    const pool = createScoringPool({ size: 2, maxQueue: 100_000 });
    try {
      const report = await evaluateCorpus(dir, pool, (done, total) => {
        if (done % 50 === 0 || done === total) process.stderr.write(`scored ${done}/${total}\n`);
      });
      writeFileSync(out, `${JSON.stringify(report.predictions, null, 1)}\n`);
      console.log(`wrote ${Object.keys(report.predictions).length} predictions to ${out}`);
      if (report.failed.length > 0)
        console.log(
          `could not align ${report.failed.length}: ${report.failed.slice(0, 10).join(' ')}`,
        );
      if (report.pearson) {
        console.log('Pearson correlation with scores.json:');
        for (const [key, value] of Object.entries(report.pearson))
          console.log(`  ${key.padEnd(13)} ${value.toFixed(3)}`);
      }
      return 0;
    } finally {
      await pool.close();
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
