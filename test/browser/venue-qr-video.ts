// A video of a printed QR code for Chromium's fake camera (--use-file-for-fake-video-capture): a
// Y4M file (uncompressed 4:2:0) whose frames show the code's modules as black squares on white,
// drawn from the QR's own pixel matrix (the `qrcode` package, as the badge sheet draws it).
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

export function writeQrVideo(path: string, text: string, options: { width?: number; height?: number; frames?: number } = {}): void {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const frames = options.frames ?? 20;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) * 0.85) / (n + 2 * quiet));
  const side = (n + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const y = Buffer.alloc(width * height, 235); // light grey paper around the white badge
  for (let row = 0; row < side; row++)
    for (let col = 0; col < side; col++) {
      const r = Math.floor(row / scale) - quiet;
      const c = Math.floor(col / scale) - quiet;
      const dark = r >= 0 && c >= 0 && r < n && c < n && qr.modules.get(r, c) === 1;
      y[(top + row) * width + left + col] = dark ? 16 : 255;
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), y, chroma]);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
