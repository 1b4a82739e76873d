/**
 * Draws the Holi promo video (`public/media/holi-promo.webm`, 640 x 360, 7 s) in Chromium: bursts of
 * Holi colours on the poster's navy, with no words in the picture; the dialog's title and the captions
 * of each language (`holi-promo.<language>.vtt`) carry them (decision 098). Chromium records its
 * canvas with MediaRecorder (VP8). Run: `npx tsx apps/web/build/promo-video.ts`.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const OUTPUT = new URL('../public/media/holi-promo.webm', import.meta.url);

/** Runs in the page: draws and records the video, answers it as base64. */
function record(): Promise<string> {
  const colours = ['#a855f7', '#22c55e', '#3b82f6', '#ec4899', '#ef4444', '#f59e0b'];
  // x, y, radius, start (s): a few bursts a second, each growing for 0.6 s.
  const bursts = Array.from({ length: 24 }, (_, index) => ({
    x: (index * 263) % 640,
    y: (index * 149 + 40) % 360,
    radius: 50 + ((index * 53) % 60),
    colour: colours[index % colours.length] ?? '#f59e0b',
    start: index * 0.25,
  }));
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  const recorder = new MediaRecorder(canvas.captureStream(30), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 300_000,
  });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const begun = performance.now();
  const draw = () => {
    const seconds = (performance.now() - begun) / 1000;
    context.fillStyle = '#172554';
    context.fillRect(0, 0, 640, 360);
    context.globalAlpha = 0.55;
    for (const burst of bursts.filter((item) => item.start <= seconds)) {
      context.fillStyle = burst.colour;
      context.beginPath();
      context.arc(
        burst.x,
        burst.y,
        burst.radius * Math.min(1, (seconds - burst.start) / 0.6),
        0,
        2 * Math.PI,
      );
      context.fill();
    }
    context.globalAlpha = 1;
    if (seconds < 7) requestAnimationFrame(draw);
    else recorder.stop();
  };
  recorder.start();
  requestAnimationFrame(draw);
  return new Promise((resolve) => {
    recorder.onstop = async () => {
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      resolve(btoa(binary));
    };
  });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('globalThis.__name = (value) => value');
  writeFileSync(OUTPUT, Buffer.from(await page.evaluate(record), 'base64'));
} finally {
  await browser.close();
}
