import QRCode from 'qrcode';

/**
 * The QR code of a record link as inline SVG, for the printed result slip (二章8节6). The
 * printouts render it with `{{{recordQr}}}` (the SVG is generated here, never from user text).
 * Error correction M: a slip folded or smudged at a corner still scans.
 */
export async function recordLinkQrSvg(url: string, options: { size?: number; label?: string } = {}): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, width: options.size ?? 120 });
  const label = options.label ? ` aria-label="${options.label.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}"` : '';
  return svg.replace('<svg ', `<svg role="img"${label} class="record-qr" `);
}
