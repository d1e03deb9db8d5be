// A fake camera for the browser journeys: Chromium plays a Y4M file as its only webcam, and this
// file holds the QR of the door code, so the player app's scanner reads it as a phone would.
import { rename, writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

/** White modules around the code, as the QR standard asks (scanners find the code by its edge). */
const QUIET_ZONE = 4;

/**
 * The Chromium flags that grant camera access without a prompt and play `path` (a .y4m file, looped)
 * as the camera. Chromium opens the file when a capture starts, not at launch, so the door code can
 * be written after the browser is up: the file need not exist until a page calls getUserMedia (if it
 * is missing then, that call fails with NotFoundError). While any page of the browser is capturing,
 * a new getUserMedia shares the open capture and sees the old picture; once every track is stopped
 * (or its page closed), the next one reads the file afresh. Without the first flag, headless
 * Chromium refuses the camera (NotAllowedError) unless the context has grantPermissions(['camera']).
 */
export function fakeCameraArgs(path) {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${path}`,
  ];
}

/**
 * Writes a still video of the QR of `text` (black on white, quiet zone included, as large as fits)
 * as YUV4MPEG2 4:2:0. The file is written beside `path` and renamed over it, so a capture that has
 * the old file open keeps reading a whole file.
 */
export async function writeQrVideo(path, text, { size = 480, frames = 10 } = {}) {
  if (!Number.isInteger(size) || size < 64 || size % 2 !== 0) throw new Error(`size must be an even number >= 64`);
  if (!Number.isInteger(frames) || frames < 1) throw new Error('frames must be at least 1');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const span = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor(size / span);
  if (scale < 2) throw new Error(`"${text}" needs a frame larger than ${size} px`);
  const offset = Math.floor((size - modules.size * scale) / 2);

  const luma = Buffer.alloc(size * size, 255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (offset + row * scale + y) * size + offset + col * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`);

  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  await rename(partial, path);
}
