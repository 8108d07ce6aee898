import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * manifest.json in the media root maps each key to the file built for it and the hash of
 * the recipe that made it. An entry marked `replaced: true` belongs to a person (an admin
 * put a real recording there): the build never overwrites or deletes it.
 */
export const MANIFEST_FILE = 'manifest.json';

const EntrySchema = z.object({
  hash: z.string(),
  kind: z.enum(['audio', 'video', 'captions', 'image']),
  bytes: z.number().int().nonnegative(),
  replaced: z.boolean().optional(),
  builtAt: z.string(),
});
export type ManifestEntry = z.output<typeof EntrySchema>;

const ManifestSchema = z.object({
  version: z.literal(1),
  files: z.record(z.string(), EntrySchema),
});
export type Manifest = z.output<typeof ManifestSchema>;

export async function readManifest(mediaDir: string): Promise<Manifest> {
  let raw: string;
  try {
    raw = await readFile(path.join(mediaDir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, files: {} };
    throw error;
  }
  return ManifestSchema.parse(JSON.parse(raw));
}

/** Written to a temporary file and renamed, so a crash never leaves half a manifest. */
export async function writeManifest(mediaDir: string, manifest: Manifest): Promise<void> {
  await mkdir(mediaDir, { recursive: true });
  const sorted: Manifest = {
    version: 1,
    files: Object.fromEntries(
      Object.entries(manifest.files).sort(([a], [b]) => a.localeCompare(b)),
    ),
  };
  const target = path.join(mediaDir, MANIFEST_FILE);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(sorted, null, 2)}\n`);
  await rename(temp, target);
}

export function isReplaced(manifest: Manifest, key: string): boolean {
  return manifest.files[key]?.replaced === true;
}
