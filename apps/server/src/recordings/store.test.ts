import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore, type BlobStore } from '../lib/blob-store.ts';
import { createManualClock } from '../lib/clock.ts';
import { storeUploadedAudio, type StoredAudio } from './store.ts';
import type { CheckedRecording } from './upload.ts';

// The blob-then-row step every upload (lesson recordings, assessment records, coach replies) uses.

let dir: string;
let blobs: BlobStore;
let recording: CheckedRecording;
const clock = createManualClock(new Date('2026-11-21T20:00:00.000Z'));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'store-test-'));
  blobs = createLocalBlobStore(path.join(dir, 'blobs'));
  const file = path.join(dir, 'upload.mp3');
  writeFileSync(file, Buffer.from('ID3-recording-bytes'));
  recording = { path: file, mimeType: 'audio/mpeg', durationMs: 2300, sizeBytes: 19 };
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const exists = (key: string) => existsSync(path.join(dir, 'blobs', key));

describe('storeUploadedAudio', () => {
  it('puts the blob under a key the server makes, then hands the row its fields', async () => {
    let seen: StoredAudio | undefined;
    const row = await storeUploadedAudio(
      { blobStore: blobs, clock },
      { folder: 'recordings/7', recording },
      (audio) => {
        seen = audio;
        return Promise.resolve({ id: 1 });
      },
    );
    expect(row).toEqual({ id: 1 });
    expect(seen).toEqual({
      blobKey: expect.stringMatching(/^recordings\/7\/[0-9a-f-]{36}\.mp3$/),
      mimeType: 'audio/mpeg',
      durationMs: 2300,
      sizeBytes: 19,
      createdAt: new Date('2026-11-21T20:00:00.000Z'),
    });
    expect(readFileSync(path.join(dir, 'blobs', seen!.blobKey), 'utf8')).toBe(
      'ID3-recording-bytes',
    );
  });

  it('deletes the blob again when the row cannot be written', async () => {
    let key = '';
    const failing = storeUploadedAudio(
      { blobStore: blobs, clock },
      { folder: 'recordings/7', recording },
      async (audio) => {
        key = audio.blobKey;
        expect(exists(key)).toBe(true);
        throw new Error('insert failed');
      },
    );
    await expect(failing).rejects.toThrow('insert failed');
    expect(exists(key)).toBe(false);
  });

  it('deletes the blob again when the row is refused (undefined)', async () => {
    let key = '';
    const row = await storeUploadedAudio(
      { blobStore: blobs, clock },
      { folder: 'recordings/7', recording },
      async (audio) => {
        key = audio.blobKey;
        expect(exists(key)).toBe(true);
        return undefined;
      },
    );
    expect(row).toBeUndefined();
    expect(exists(key)).toBe(false);
  });
});
