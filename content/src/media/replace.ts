import { spawn } from 'node:child_process';
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { readManifest, writeManifest } from './manifest.ts';

/**
 * Puts a person's file (e.g. a real recording) in place of a generated one and marks it
 * `replaced: true` in the manifest, so later media builds never overwrite it. Audio and
 * video are converted to the key's format with ffmpeg; captions and images are copied.
 */
export async function replaceMediaFile(options: {
  mediaDir: string;
  key: string;
  source: string;
}): Promise<void> {
  const { mediaDir, key, source } = options;
  const manifest = await readManifest(mediaDir);
  const entry = manifest.files[key];
  if (!entry)
    throw new Error(
      `unknown media key ${key}: run the media build first, or check the key in manifest.json`,
    );
  const target = path.join(mediaDir, key);
  const temp = `${target}.replace${path.extname(target)}`;
  await mkdir(path.dirname(target), { recursive: true });
  if (entry.kind === 'audio')
    await ffmpeg(['-i', source, '-vn', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '128k', temp]);
  else if (entry.kind === 'video')
    await ffmpeg([
      '-i',
      source,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
      temp,
    ]);
  else await copyFile(source, temp);
  await rename(temp, target);
  manifest.files[key] = {
    ...entry,
    bytes: (await stat(target)).size,
    replaced: true,
    builtAt: new Date().toISOString(),
  };
  await writeManifest(mediaDir, manifest);
}

/** Gives a replaced file back to the build: the next build regenerates it from the text. */
export async function restoreGeneratedMedia(options: {
  mediaDir: string;
  key: string;
}): Promise<void> {
  const manifest = await readManifest(options.mediaDir);
  const entry = manifest.files[options.key];
  if (!entry) throw new Error(`unknown media key ${options.key}`);
  manifest.files[options.key] = { ...entry, replaced: false, hash: '' };
  await writeManifest(options.mediaDir, manifest);
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`ffmpeg failed (${code}): ${stderr.trim().slice(-500)}`)),
    );
  });
}
