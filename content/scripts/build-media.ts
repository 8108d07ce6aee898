/**
 * Builds the course media: npm run build:media -w content [-- --out <dir>]
 * Output dir: --out, else $MEDIA_DIR, else <repo>/data/media.
 * Admin replacement: --replace <key> <file> puts a real recording in place of a generated
 * file for good; --restore <key> hands it back to the build. See content/README.md.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCourse } from '../src/index.ts';
import { buildMedia, replaceMediaFile, restoreGeneratedMedia } from '../src/media/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    replace: { type: 'string' },
    restore: { type: 'string' },
  },
});

const outDir = path.resolve(
  values.out ?? process.env.MEDIA_DIR ?? path.join(repoRoot, 'data', 'media'),
);

try {
  if (values.replace) {
    const source = positionals[0];
    if (!source) throw new Error('usage: build:media --replace <key> <file>');
    await replaceMediaFile({ mediaDir: outDir, key: values.replace, source: path.resolve(source) });
    console.log(`media: ${values.replace} replaced by ${source}; builds will keep it`);
  } else if (values.restore) {
    await restoreGeneratedMedia({ mediaDir: outDir, key: values.restore });
    console.log(
      `media: ${values.restore} handed back to the build; run build:media to regenerate it`,
    );
  } else {
    await buildMedia({
      course: loadCourse(),
      outDir,
      concurrency: Number(values.concurrency),
      log: (line) => console.log(line),
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
