import type { Readable } from 'node:stream';
import type { BlobStore } from '../lib/blob-store.ts';
import type { Clock } from '../lib/clock.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { completeLesson, loadLessonForLearner } from '../modules/service.ts';
import type { RecordingKind } from '../modules/tables.ts';
import { findRecording, insertRecording, type RecordingRow } from './repo.ts';
import { storeUploadedAudio } from './store.ts';
import type { CheckedRecording } from './upload.ts';

type Deps = { db: Db; blobStore: BlobStore; clock: Clock };

/**
 * Stores a checked recording: the blob first (under a key the server makes: the learner's id and a
 * random id, never a client name), then the row that points at it. DESIGN "Nothing is lost": this
 * happens before any scoring, so a failed scoring leaves the recording to retry.
 */
export async function storeRecording(
  deps: Deps,
  options: {
    userId: number;
    moduleId: number | null;
    lessonId: number | null;
    kind: RecordingKind;
    text: string | null;
    recording: CheckedRecording;
  },
): Promise<RecordingRow> {
  return storeUploadedAudio(
    deps,
    { folder: `recordings/${options.userId}`, recording: options.recording },
    (audio) =>
      insertRecording(deps.db, {
        userId: options.userId,
        moduleId: options.moduleId,
        lessonId: options.lessonId,
        kind: options.kind,
        text: options.text,
        ...audio,
      }),
  );
}

/** One of the learner's own recordings; anyone else's is "not found" (no hint that it exists). */
export async function findOwnRecording(
  deps: { db: Db },
  options: { userId: number; recordingId: number },
): Promise<RecordingRow> {
  const row = await findRecording(deps.db, options.recordingId);
  if (!row || row.userId !== options.userId)
    throw new AppError('not_found', { message: 'We could not retrieve your message' });
  return row;
}

export async function openRecordingAudio(
  deps: { db: Db; blobStore: BlobStore },
  options: { userId: number; recordingId: number },
): Promise<{ stream: Readable; contentType: string; sizeBytes: number }> {
  const row = await findOwnRecording(deps, options);
  const blob = await deps.blobStore.get(row.blobKey);
  if (!blob) throw new AppError('not_found', { message: 'We could not retrieve your message' });
  return { stream: blob.stream, contentType: row.mimeType, sizeBytes: blob.sizeBytes };
}

/**
 * The pre-lesson, listen-and-record and generic uploads (spec §7): store the recording against its
 * lesson. The pre lesson reports itself after its upload (spec §4 Progress reporting), so its step
 * is completed here.
 */
export async function submitLessonRecording(
  deps: Deps,
  options: {
    userId: number;
    lessonId: number;
    kind: 'pre_lesson' | 'listen_record' | 'final' | 'other';
    recording: CheckedRecording;
  },
): Promise<RecordingRow> {
  const { lesson, lessons } = await loadLessonForLearner(deps, {
    userId: options.userId,
    lessonId: options.lessonId,
  });
  const expected = {
    pre_lesson: 'preLesson',
    listen_record: 'listen_records',
    final: 'finalAssignment',
    other: null,
  }[options.kind];
  if (expected !== null && (lesson.guidedLessonType ?? lesson.lessonType) !== expected) {
    throw new AppError('validation', {
      message: `This lesson does not take a ${options.kind.replace('_', ' ')} recording.`,
      errors: { assessment_id: 'wrong lesson type' },
    });
  }
  const row = await storeRecording(deps, {
    userId: options.userId,
    moduleId: lesson.moduleId,
    lessonId: lesson.id,
    kind: options.kind,
    text: lesson.text,
    recording: options.recording,
  });
  if (options.kind === 'pre_lesson')
    await completeLesson(deps, { userId: options.userId, lessons, lesson });
  return row;
}
