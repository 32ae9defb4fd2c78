import type { Response } from 'express';
import type { Tx } from '../prisma/prisma.service';

/**
 * A download's file name after its event (issue 22): `Content-Disposition` with an ASCII name for
 * old clients (`filename=`, the English name with anything outside [A-Za-z0-9._-] as "_") and the
 * real one in UTF-8 (`filename*=UTF-8''…`, RFC 6266 / RFC 5987), so that 全国象棋锦标赛.csv keeps
 * its Chinese. Set on success only: an error stays JSON.
 */
export function setDownloadName(
  res: Response,
  name: { utf8: string; ascii: string },
  extension: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): void {
  const clean = (s: string) =>
    s
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const utf8 = clean(name.utf8) || 'event';
  const ascii =
    clean(name.ascii)
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'event';
  const encoded = encodeURIComponent(`${utf8}.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  res.setHeader('Content-Disposition', `${disposition}; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`);
}

/** The event's names for a download: the chosen language's first (Chinese by default, as the pages). */
export async function eventDownloadName(db: Tx, eventId: string, lang: string | undefined, suffix = ''): Promise<{ utf8: string; ascii: string }> {
  const e = await db.event.findUnique({ where: { id: eventId }, select: { nameZh: true, nameEn: true } });
  if (!e) return { utf8: `event${suffix}`, ascii: `event${suffix}` };
  return { utf8: `${lang === 'en' ? e.nameEn || e.nameZh : e.nameZh || e.nameEn}${suffix}`, ascii: `${e.nameEn}${suffix}` };
}
