import { vi } from 'vitest';

/** One open `GET /api/notifications/stream` of the fake server. */
export interface FakeStreamConnection {
  authorization: string | null;
  send(event: string, data: unknown): void;
  /** The server ends the stream (a restart): the client should connect again. */
  end(): void;
  aborted: boolean;
}

/**
 * Adds the notification stream to a fake server made with `installFakeServer` (call it after):
 * each request opens a connection the test writes server-sent events to.
 */
export function installFakeStream() {
  const inner = globalThis.fetch;
  const connections: FakeStreamConnection[] = [];
  const waiters: Array<{ count: number; resolve: (c: FakeStreamConnection) => void }> = [];
  const encoder = new TextEncoder();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/notifications/stream') return inner(input, init);
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const connection: FakeStreamConnection = {
      authorization: new Headers(init?.headers).get('Authorization'),
      aborted: false,
      send(event, data) {
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      },
      end() {
        controller.close();
      },
    };
    init?.signal?.addEventListener('abort', () => {
      connection.aborted = true;
      controller.error(new DOMException('The stream was aborted', 'AbortError'));
    });
    connections.push(connection);
    for (const w of [...waiters]) {
      if (connections.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(connections[w.count - 1] as FakeStreamConnection);
      }
    }
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    );
  });
  return {
    connections,
    /** Resolves with the n-th connection (1-based) once the client has opened it. */
    connection(n: number): Promise<FakeStreamConnection> {
      const found = connections[n - 1];
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ count: n, resolve }));
    },
  };
}
