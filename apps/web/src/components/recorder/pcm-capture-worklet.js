/* global AudioWorkletProcessor, registerProcessor */
// Runs on the audio rendering thread (AudioWorkletGlobalScope). Plain JavaScript because the
// file is loaded as-is by audioWorklet.addModule(); keep it free of imports.
// Mixes the input down to mono and posts it to the main thread in ~46 ms batches; a 'flush'
// message posts whatever is buffered and answers 'flushed', so stopping loses no samples.

const BATCH_FRAMES = 2048;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffer = new Float32Array(BATCH_FRAMES);
    this.filled = 0;
    this.port.onmessage = (event) => {
      if (event.data === 'flush') {
        this.post();
        this.port.postMessage('flushed');
      }
    };
  }

  post() {
    if (this.filled === 0) return;
    const batch = this.buffer.slice(0, this.filled);
    this.filled = 0;
    this.port.postMessage(batch, [batch.buffer]);
  }

  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0 || !channels[0]) return true;
    const frames = channels[0].length;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (let c = 0; c < channels.length; c++) sum += channels[c][i];
      this.buffer[this.filled++] = sum / channels.length;
      if (this.filled === BATCH_FRAMES) this.post();
    }
    return true;
  }
}

registerProcessor('clearspeak-pcm-capture', PcmCaptureProcessor);
