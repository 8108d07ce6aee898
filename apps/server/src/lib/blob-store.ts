import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface BlobInfo {
  contentType: string;
  sizeBytes: number;
}

/** Blobs behind one interface (DESIGN: local disk by default, S3-compatible by configuration). */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<BlobInfo>;
  /** null when the key does not exist. */
  get(key: string): Promise<{ stream: Readable; contentType: string; sizeBytes: number } | null>;
  delete(key: string): Promise<void>;
  /** A direct URL when the store can serve one (S3 presigned); local blobs go through the API. */
  url?(key: string): Promise<string>;
}

/** Keys look like `avatars/12/3f9a.jpg`: lower-case segments of [a-z0-9._-], no `..`, no leading slash. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((s) => s === '.' || s === '..' || s.includes('..'))) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}

const CONTENT_TYPE_SUFFIX = '.content-type';

/** Files under `<root>`; the content type sits in a sidecar file. Writes go to a temp file then rename, so a crash leaves no half blob. */
export function createLocalBlobStore(root: string): BlobStore {
  const resolved = path.resolve(root);
  const fileOf = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(resolved, key);
    // Defence in depth: the pattern already forbids escaping the root.
    if (!file.startsWith(resolved + path.sep)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, body, { contentType }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(tmp, body);
        else await pipeline(body, createWriteStream(tmp));
        await writeFile(file + CONTENT_TYPE_SUFFIX, contentType);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      const { size } = await stat(file);
      return { contentType, sizeBytes: size };
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        const contentType = await readFile(file + CONTENT_TYPE_SUFFIX, 'utf8').catch(() => 'application/octet-stream');
        return { stream: createReadStream(file), contentType, sizeBytes: size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(file + CONTENT_TYPE_SUFFIX, { force: true });
    },
  };
}
