/**
 * A `patch` frame applied to the text of the page's previous frame (live/page-patch.ts on the
 * server): its splices, in the order given, each `[start, deleteCount, lines]` on the lines as they
 * stand after the splices before it. Null when the splices do not fit the text (the viewer fetches
 * the page instead).
 */
export function applyPatch(text: string, splices: [number, number, string[]][]): string | null {
  const lines = text.split('\n');
  let shift = 0;
  for (const [start, deleteCount, added] of splices) {
    const at = start + shift;
    if (at < 0 || at + deleteCount > lines.length) return null;
    lines.splice(at, deleteCount, ...added);
    shift += added.length - deleteCount;
  }
  return lines.join('\n');
}
