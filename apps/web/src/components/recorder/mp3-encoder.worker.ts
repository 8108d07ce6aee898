// Encodes mp3 off the main thread so the countdown and level meter stay smooth on slow
// phones (lamejs needs a sizeable share of a core in real time). Protocol: mp3-worker-sink.ts.
import { Mp3Encoder } from './mp3-encoder.ts';
import type { Mp3WorkerRequest, Mp3WorkerResponse } from './mp3-worker-sink.ts';

let encoder: Mp3Encoder | null = null;

function reply(message: Mp3WorkerResponse): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<Mp3WorkerRequest>) => {
  const request = event.data;
  try {
    switch (request.type) {
      case 'init':
        encoder = new Mp3Encoder(request.sampleRateHz, request.bitrateKbps);
        break;
      case 'push':
        encoder?.push(new Float32Array(request.samples));
        break;
      case 'finish':
        if (!encoder) throw new Error('finish before init');
        reply({ type: 'done', blob: encoder.finish() });
        encoder = null;
        break;
    }
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
