import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { BlobStore } from '../lib/blob-store.ts';
import type { Clock } from '../lib/clock.ts';
import { extensionOf } from './probe.ts';
import type { CheckedRecording } from './upload.ts';

/** What a row keeps about a stored recording's blob. */
export interface StoredAudio {
  blobKey: string;
  mimeType: string;
  durationMs: number;
  sizeBytes: number;
  createdAt: Date;
}

/**
 * Stores a checked upload: the blob first, under a key the server makes (`<folder>/<random id>.<ext>`,
 * never a client name), then the row that points at it, written by `insertRow`. DESIGN "Nothing is
 * lost": this happens before any scoring. No row, no blob: when `insertRow` throws, or returns
 * undefined because the row was refused, the blob is deleted again (an orphan blob would be
 * invisible to everyone).
 */
export async function storeUploadedAudio<Row>(
  deps: { blobStore: BlobStore; clock: Clock },
  options: { folder: string; recording: CheckedRecording },
  insertRow: (audio: StoredAudio) => Promise<Row>,
): Promise<Row> {
  const { recording } = options;
  const blobKey = `${options.folder}/${randomUUID()}.${extensionOf(recording.mimeType)}`;
  await deps.blobStore.put(blobKey, createReadStream(recording.path), {
    contentType: recording.mimeType,
  });
  let row: Row;
  try {
    row = await insertRow({
      blobKey,
      mimeType: recording.mimeType,
      durationMs: recording.durationMs,
      sizeBytes: recording.sizeBytes,
      createdAt: deps.clock.now(),
    });
  } catch (err) {
    await deps.blobStore.delete(blobKey).catch(() => undefined);
    throw err;
  }
  if (row === undefined) await deps.blobStore.delete(blobKey).catch(() => undefined);
  return row;
}
