import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Test helpers for live notifications: a server-sent-events reader over fetch, and a local
// HTTPS push service that decrypts what it receives the way a browser would.

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order (comments as event ':'). */
  events: SseEvent[];
  /** Resolves with the first event (already received or still to come) matching, after `from`. */
  next(match: (e: SseEvent) => boolean, from?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` with fetch (bearer token in the header, as the web client does) and parses the stream. */
export async function openSse(url: string, token: string | null, init: { headers?: Record<string, string> } = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters: Array<{ match: (e: SseEvent) => boolean; from: number; resolve: (e: SseEvent) => void }> = [];
  const check = () => {
    for (const w of [...waiters]) {
      const found = events.slice(w.from).find(w.match);
      if (found) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(found);
      }
    }
  };
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) events.push({ event: ':', data: line.slice(1).trim() });
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length) events.push({ event, data: data.join('\n') });
          check();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    next(match, from = 0) {
      return new Promise((resolve) => {
        waiters.push({ match, from, resolve });
        check();
      });
    },
    ended,
    close: () => controller.abort(),
  };
}

/** A browser's push subscription keys (what `PushManager.subscribe` makes). */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  json: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** RFC 8291 / RFC 8188 (aes128gcm, one record): what the browser does with a push body. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks a `vapid t=<jwt>, k=<key>` header (RFC 8292): the JWT is ES256-signed by that key. */
export function verifyVapid(authorization: string | undefined): { key: string; claims: { aud: string; exp: number; sub: string } } | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return null;
  const [jwt, key] = [match[1] ?? '', match[2] ?? ''];
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return null;
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) return null;
  return { key, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string } };
}

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  origin: string;
  /** The certificate to trust (an https.Agent `ca`). */
  ca: Buffer;
  requests: PushRequest[];
  /** Status to answer per path (default 201, like the real services). */
  statusFor: Map<string, number>;
  /** Resolves with the first request to `path` (already received or still to come). */
  nextRequest(path: string): Promise<PushRequest>;
  close(): Promise<void>;
}

/** A push service on 127.0.0.1 over HTTPS with a throwaway self-signed certificate. */
export async function startFakePushService(): Promise<FakePushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cs-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', keyFile, '-out', certFile, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const key = readFileSync(keyFile);
  const ca = readFileSync(certFile);
  rmSync(dir, { recursive: true, force: true });
  const requests: PushRequest[] = [];
  const statusFor = new Map<string, number>();
  const waiters: Array<{ path: string; resolve: (r: PushRequest) => void }> = [];
  const server: Server = createServer({ key, cert: ca }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: PushRequest = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      res.writeHead(statusFor.get(request.path) ?? 201).end();
      for (const w of waiters.filter((x) => x.path === request.path)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(request);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca,
    requests,
    statusFor,
    nextRequest(p) {
      const found = requests.find((r) => r.path === p);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ path: p, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
