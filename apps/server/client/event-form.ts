// The event form's script (issue 30 #6): the team fields (starters, reserves, lineup deadline) show
// only for a team preset, and choosing a preset whose rules give a clock (附录2 #4: the 5+2's
// 80′+30″) fills it in, unless the organizer has typed one. Without script every field shows, each
// team field saying it is for team events, and the clock stays as typed.
interface PresetInfo {
  kind: 'individual' | 'team';
  timeControl: { baseMinutes: number; incrementSeconds: number; article: string } | null;
}

function start(): void {
  const island = document.getElementById('preset-data');
  const preset = document.querySelector<HTMLSelectElement>('select[name="preset"]');
  if (!island || !preset) return;
  const presets = JSON.parse(island.textContent ?? '{}') as Record<string, PresetInfo>;
  const base = document.querySelector<HTMLInputElement>('input[name="timeControl.baseMinutes"]');
  const increment = document.querySelector<HTMLInputElement>('input[name="timeControl.incrementSeconds"]');
  let typed = false;
  for (const input of [base, increment]) input?.addEventListener('input', () => (typed = true));
  const apply = (chosen: boolean) => {
    const info = presets[preset.value];
    // An event being edited has no preset to change its kind: its team fields follow the preset shown.
    const team = info ? info.kind === 'team' : true;
    // style, not hidden: the row's own display (flex) would override [hidden].
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.team-only'))) el.style.display = team ? '' : 'none';
    if (chosen && info?.timeControl && !typed && base && increment) {
      base.value = String(info.timeControl.baseMinutes);
      increment.value = String(info.timeControl.incrementSeconds);
    }
  };
  preset.addEventListener('change', () => apply(true));
  apply(false);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
