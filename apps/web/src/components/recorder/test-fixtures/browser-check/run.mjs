/* global window, document -- used inside page.evaluate() callbacks, which run in the browser */
// Checks the recorder in Debian's Chromium with the fake microphone the e2e tests use.
//   node apps/web/src/components/recorder/test-fixtures/browser-check/run.mjs
//   RECORDER_CHECK_FULL=1 node ...   also records the full 45 s through the panel
// Serves harness.tsx with Vite, records through the real engine and panel, and checks the
// files with ffprobe. Exits non-zero when a check fails.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, preview } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'recorder-check-'));
const failures = [];
function check(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures.push(name);
}

// A 2 s, 44.1 kHz mono 16-bit tone that Chromium loops as the microphone input.
function writeToneWav(path) {
  const rate = 44100;
  const samples = rate * 2;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * 330 * i) / rate)), 44 + i * 2);
  writeFileSync(path, buffer);
}

function probe(bytes, extension) {
  const file = join(work, `probe-${Date.now()}.${extension}`);
  writeFileSync(file, bytes);
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]).toString());
}

const wav = join(work, 'tone.wav');
writeToneWav(wav);

const server = await createServer({ configFile: false, root: here, plugins: [react()], logLevel: 'error', server: { port: 0, host: '127.0.0.1' } });
await server.listen();
const address = server.httpServer.address();
const base = `http://127.0.0.1:${address.port}/`;

const fakeMicrophone = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`];
// The production build too: the worklet must stay a separate file and the mp3 worker be bundled.
const outDir = join(work, 'dist');
await build({ configFile: false, root: here, base: './', plugins: [react()], logLevel: 'error', build: { outDir, emptyOutDir: true } });
// The API server's Content-Security-Policy (apps/server/src/app.ts), as far as audio is concerned.
const csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self'";
const previewServer = await preview({
  configFile: false,
  root: here,
  logLevel: 'error',
  build: { outDir },
  preview: { port: 0, host: '127.0.0.1', headers: { 'Content-Security-Policy': csp } },
});
const previewBase = previewServer.resolvedUrls?.local[0] ?? '';
try {
  const built = await chromium.launch({ executablePath: '/usr/bin/chromium', args: fakeMicrophone });
  const builtPage = await built.newPage();
  const builtWorkers = [];
  const builtErrors = [];
  builtPage.on('worker', (w) => builtWorkers.push(w.url()));
  builtPage.on('console', (m) => m.type() === 'error' && builtErrors.push(m.text()));
  await builtPage.goto(previewBase);
  await builtPage.waitForFunction(() => Boolean(window.recorderCheck));
  const result = await builtPage.evaluate(() => window.recorderCheck.record(1500));
  const bytes = 'error' in result ? Buffer.alloc(0) : Buffer.from(result.bytesBase64, 'base64');
  check('production build: records a 128 kbps mp3', bytes[0] === 0xff && bytes[1] === 0xfb && bytes[2] >> 4 === 9, JSON.stringify('error' in result ? result : result.durationMs));
  check('production build: encodes in a worker', builtWorkers.some((u) => /mp3-encoder/.test(u)), builtWorkers.join(', '));
  check('production build: captures through the AudioWorklet', !('error' in result) && result.format?.actualCapture === 'audio-worklet', JSON.stringify('error' in result ? '' : result.format));
  check('production build: nothing refused by the CSP', builtErrors.length === 0, builtErrors.join(' | '));
  await built.close();
} finally {
  await new Promise((resolve) => previewServer.httpServer.close(resolve));
}

try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: fakeMicrophone });
  const page = await browser.newPage();
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(base);
  await page.waitForFunction(() => Boolean(window.recorderCheck));

  const mp3 = await page.evaluate(() => window.recorderCheck.record(3000));
  check('engine records without error', !('error' in mp3), JSON.stringify('error' in mp3 ? mp3 : ''));
  if (!('error' in mp3)) {
    check('captures through the AudioWorklet', mp3.format?.actualCapture === 'audio-worklet', JSON.stringify(mp3.format));
    check('states idle→requesting→recording→stopping→recorded', mp3.states.join(',') === 'requesting,recording,stopping,recorded', mp3.states.join(','));
    const bytes = Buffer.from(mp3.bytesBase64, 'base64');
    check('mp3 MIME type', mp3.mimeType === 'audio/mpeg', mp3.mimeType);
    check('MPEG-1 Layer III 128 kbps frame header', bytes[0] === 0xff && bytes[1] === 0xfb && bytes[2] >> 4 === 9, bytes.subarray(0, 4).toString('hex'));
    check('duration measured from samples ≈ 3 s', Math.abs(mp3.durationMs - 3000) < 250, `${mp3.durationMs.toFixed(1)} ms`);
    check('the level meter saw the tone', mp3.levelMax > 0.4, mp3.levelMax.toFixed(2));
    check('Chromium decodes the mp3', mp3.decodedDurationMs !== null && Math.abs(mp3.decodedDurationMs - mp3.durationMs) < 120, `${mp3.decodedDurationMs?.toFixed(1)} ms`);
    const info = probe(bytes, 'mp3');
    const stream = info.streams?.[0] ?? {};
    check('ffprobe: mp3, 44100 Hz, mono, 128 kb/s', stream.codec_name === 'mp3' && stream.sample_rate === '44100' && stream.channels === 1 && stream.bit_rate === '128000', `${stream.codec_name} ${stream.sample_rate} ${stream.channels} ${stream.bit_rate}`);
  }

  check('mp3 is encoded in a Web Worker', workers.some((u) => /mp3-encoder\.worker/.test(u)), workers.join(', '));

  const capped = await page.evaluate(() => window.recorderCheck.record(4000, 2000));
  check('auto-stop at maxDurationMs in a real browser', !('error' in capped) && capped.durationMs === 2000, JSON.stringify('error' in capped ? capped : capped.durationMs));

  // The other branches of chooseFormat, through Chromium's real audio stack.
  const UA_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const UA_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const UA_SAMSUNG = 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';

  const ios = await page.evaluate((ua) => window.recorderCheck.record(2000, undefined, ua), UA_IPHONE);
  if ('error' in ios) check('iOS branch records', false, JSON.stringify(ios));
  else {
    const bytes = Buffer.from(ios.bytesBase64, 'base64');
    const stream = probe(bytes, 'wav').streams?.[0] ?? {};
    check('iOS branch: wav 44100 Hz mono 16-bit', ios.mimeType === 'audio/wav' && stream.codec_name === 'pcm_s16le' && stream.sample_rate === '44100' && stream.channels === 1, `${ios.mimeType} ${stream.codec_name} ${stream.sample_rate} ${stream.channels}; context ${ios.contextSampleRateHz} Hz`);
    check('iOS branch: 44-byte header + samples = duration', bytes.length === 44 + Math.round((ios.durationMs / 1000) * 44100) * 2, `${bytes.length} bytes, ${ios.durationMs.toFixed(1)} ms`);
  }

  const firefox = await page.evaluate((ua) => window.recorderCheck.record(1500, undefined, ua), UA_FIREFOX);
  // start() resolves once capturing begins, so the wait shows up in its latency.
  check(
    'Firefox branch: mp3, capturing starts 500 ms after start()',
    !('error' in firefox) && !('error' in mp3) && firefox.mimeType === 'audio/mpeg' && firefox.startLatencyMs >= 500 && firefox.startLatencyMs - mp3.startLatencyMs > 400,
    JSON.stringify('error' in firefox ? firefox : { firefox: firefox.startLatencyMs, chrome: 'error' in mp3 ? null : mp3.startLatencyMs }),
  );

  const samsung = await page.evaluate((ua) => window.recorderCheck.record(2000, undefined, ua), UA_SAMSUNG);
  if ('error' in samsung) check('Samsung branch records', false, JSON.stringify(samsung));
  else {
    const stream = probe(Buffer.from(samsung.bytesBase64, 'base64'), 'webm').streams?.[0] ?? {};
    check('Samsung branch: webm/opus via MediaRecorder', samsung.mimeType.startsWith('audio/webm') && stream.codec_name === 'opus', `${samsung.mimeType} ${stream.codec_name}`);
    check('Samsung branch: duration from the Web Audio samples', Math.abs(samsung.durationMs - 2000) < 250 && samsung.levelMax > 0.4, `${samsung.durationMs.toFixed(1)} ms, level ${samsung.levelMax.toFixed(2)}`);
  }

  // The panel as a learner on a 390 px phone uses it.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  phone.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await phone.goto(base);
  const submit = phone.getByRole('button', { name: 'Submit' });
  check('submit disabled before recording', await submit.isDisabled());
  await phone.getByRole('button', { name: 'Start recording' }).tap();
  await phone.getByRole('button', { name: 'Stop recording' }).waitFor();
  await phone.waitForTimeout(2200);
  const timerText = await phone.getByRole('timer').textContent();
  check('countdown visible while recording', /0:4[23] left of 0:45/.test(timerText ?? ''), timerText ?? '');
  const level = Number(await phone.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow'));
  check('level meter moves', level > 30, String(level));
  await phone.screenshot({ path: join(work, 'panel-recording-390.png') });
  await phone.getByRole('button', { name: 'Stop recording' }).tap();
  await phone.getByRole('button', { name: 'Play recording' }).waitFor();
  await phone.getByRole('button', { name: 'Play recording' }).tap();
  await phone.getByRole('button', { name: 'Pause recording' }).waitFor();
  const isPlaying = await phone.evaluate(() => {
    const audio = document.querySelector('audio');
    return Boolean(audio && !audio.paused && audio.src.startsWith('blob:'));
  });
  check('plays the recording back', isPlaying);
  await phone.screenshot({ path: join(work, 'panel-recorded-390.png') });
  const scrollWidth = await phone.evaluate(() => document.documentElement.scrollWidth);
  check('no horizontal scroll at 390 px', scrollWidth <= 390, String(scrollWidth));
  const smallTargets = await phone.evaluate(() =>
    [...document.querySelectorAll('button')]
      .map((b) => ({ name: b.getAttribute('aria-label') ?? b.textContent, rect: b.getBoundingClientRect() }))
      .filter((b) => b.rect.height < 44 || b.rect.width < 44)
      .map((b) => `${b.name} ${Math.round(b.rect.width)}x${Math.round(b.rect.height)}`),
  );
  check('touch targets at least 44 px', smallTargets.length === 0, smallTargets.join(', '));
  await phone.getByRole('button', { name: 'Submit' }).tap();
  await phone.waitForFunction(() => window.submitted.length === 1);
  const submitted = await phone.evaluate(() => window.submitted[0]);
  check('submit hands over the recording', submitted?.mimeType === 'audio/mpeg' && submitted.durationMs > 2000, JSON.stringify(submitted));
  await phone.getByRole('button', { name: 'Try Again' }).tap();
  await phone.getByRole('dialog', { name: 'Record again?' }).waitFor();
  await phone.screenshot({ path: join(work, 'panel-confirm-390.png') });
  await phone.getByRole('button', { name: 'Delete and record again' }).tap();
  await phone.getByRole('button', { name: 'Start recording' }).waitFor();
  check('Try Again returns to a fresh start', await phone.getByRole('button', { name: 'Submit' }).isDisabled());

  if (process.env.RECORDER_CHECK_FULL === '1') {
    // The real 45 s limit through the panel, in real time (spec: learning-experience §4, §9).
    await phone.getByRole('button', { name: 'Start recording' }).tap();
    await phone.getByRole('button', { name: 'Stop recording' }).waitFor();
    await phone.getByRole('button', { name: 'Play recording' }).waitFor({ timeout: 50_000 });
    const label = await phone.getByText(/Your recording:/).textContent();
    check('panel stops by itself at 45 s', label === 'Your recording: 0:45', label ?? '');
    await phone.getByRole('button', { name: 'Submit' }).tap();
    await phone.waitForFunction(() => window.submitted.length === 2);
    const full = await phone.evaluate(() => window.submitted[1]);
    check('45 s recording lasts 45 000 ms by its samples', full?.durationMs === 45_000, JSON.stringify(full));
  }

  check('no console errors', consoleErrors.length === 0, consoleErrors.join(' | '));
  await browser.close();

  // Without the fake UI nobody answers the permission prompt: Chromium refuses.
  const refusing = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`] });
  const refusedPage = await refusing.newPage({ viewport: { width: 390, height: 844 } });
  await refusedPage.goto(base);
  await refusedPage.getByRole('button', { name: 'Start recording' }).click();
  const blocked = await refusedPage.getByText('Microphone access is blocked').waitFor({ timeout: 10_000 }).then(() => true, () => false);
  check('refused microphone shows the help text', blocked);
  check('refused microphone offers Try again', await refusedPage.getByRole('button', { name: 'Try again' }).isVisible().catch(() => false));
  await refusedPage.screenshot({ path: join(work, 'panel-denied-390.png'), fullPage: true });
  await refusing.close();

  // No fake device: on a machine without a sound card Chromium finds no microphone.
  const deviceless = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-fake-ui-for-media-stream'] });
  const devicelessPage = await deviceless.newPage({ viewport: { width: 390, height: 844 } });
  await devicelessPage.goto(base);
  const hasInput = await devicelessPage.evaluate(async () => (await navigator.mediaDevices.enumerateDevices()).some((d) => d.kind === 'audioinput'));
  if (hasInput) {
    console.log('skip no-microphone check: this machine has an audio input');
  } else {
    await devicelessPage.getByRole('button', { name: 'Start recording' }).click();
    const missing = await devicelessPage.getByText('No microphone found').waitFor({ timeout: 10_000 }).then(() => true, () => false);
    check('missing microphone shows its own help text', missing);
  }
  await deviceless.close();
} finally {
  await server.close();
}
console.log(`screenshots in ${work}`);
if (failures.length > 0) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
