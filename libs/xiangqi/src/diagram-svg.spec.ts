import { diagramSvg } from './diagram-svg';
import { INITIAL_FEN } from './fen';

describe('diagramSvg', () => {
  it('draws the start position with Red at the bottom (一章1节3)', () => {
    const r = diagramSvg(INITIAL_FEN);
    if (!r.ok) throw new Error(r.error);
    const svg = r.value;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg.match(/class="piece /g)).toHaveLength(32);
    // The red king on e0 is drawn below the black king on e9.
    const cy = (sq: string) => Number(new RegExp(`data-square="${sq}"><circle cx="[\\d.]+" cy="([\\d.]+)"`).exec(svg)![1]);
    expect(cy('e0')).toBeGreaterThan(cy('e9'));
    expect(svg).toContain('>帅<');
    expect(svg).toContain('>将<');
    // Red's files 九…一 from left to right along the bottom.
    const redFiles = [...svg.matchAll(/class="file-red"[^>]*>(.)</g)].map((m) => m[1]).join('');
    expect(redFiles).toBe('九八七六五四三二一');
  });

  it('draws arrows for checks and chases, with markers, and escapes the caption', () => {
    const r = diagramSvg('5k3/7R1/9/9/9/9/9/9/9/3K5 w - - 0 1', {
      arrows: [
        { from: 'h8', to: 'h9', kind: 'move' },
        { from: 'h9', to: 'f9', kind: 'check' },
      ],
      caption: '车二进一 <check> & 将',
      idPrefix: 'p1',
    });
    if (!r.ok) throw new Error(r.error);
    expect(r.value).toContain('class="arrow check" data-from="h9" data-to="f9"');
    expect(r.value).toContain('marker-end="url(#p1-head-check)"');
    expect(r.value).toContain('车二进一 &lt;check&gt; &amp; 将');
  });

  it('refuses a bad FEN or square', () => {
    expect(diagramSvg('nonsense').ok).toBe(false);
    expect(diagramSvg(INITIAL_FEN, { arrows: [{ from: 'z1', to: 'a0', kind: 'chase' }] }).ok).toBe(false);
  });
});
