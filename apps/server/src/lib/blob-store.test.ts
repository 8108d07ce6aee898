import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './blob-store.ts';

const root = mkdtempSync(path.join(tmpdir(), 'cs-blobs-'));
const store = createLocalBlobStore(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local blob store', () => {
  it('stores a buffer and reads it back with its content type and size', async () => {
    const info = await store.put('avatars/1/photo.jpg', Buffer.from('jpeg-bytes'), { contentType: 'image/jpeg' });
    expect(info).toEqual({ contentType: 'image/jpeg', sizeBytes: 10 });
    const blob = await store.get('avatars/1/photo.jpg');
    expect(blob?.contentType).toBe('image/jpeg');
    expect(blob?.sizeBytes).toBe(10);
    expect(await text(blob!.stream)).toBe('jpeg-bytes');
  });

  it('stores a stream and leaves no temp file behind', async () => {
    await store.put('recordings/2/a.mp3', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), { contentType: 'audio/mpeg' });
    expect(await text((await store.get('recordings/2/a.mp3'))!.stream)).toBe('abcd');
    expect(readdirSync(path.join(root, 'recordings/2')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('overwrites, deletes, and answers null for a missing key', async () => {
    await store.put('x/y.txt', Buffer.from('one'), { contentType: 'text/plain' });
    await store.put('x/y.txt', Buffer.from('two'), { contentType: 'text/plain' });
    expect(await text((await store.get('x/y.txt'))!.stream)).toBe('two');
    await store.delete('x/y.txt');
    expect(await store.get('x/y.txt')).toBeNull();
    await expect(store.delete('x/y.txt')).resolves.toBeUndefined();
  });

  it.each(['../escape.txt', 'a/../../etc/passwd', '/etc/passwd', 'a//b', 'A/Upper', 'a/.hidden', '', 'a\\b', 'a/b/'])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow('Invalid blob key');
    await expect(store.get(key)).rejects.toThrow('Invalid blob key');
  });
});
