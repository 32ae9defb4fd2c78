import { HashGate, WindowCounter } from './rate-limit';
import { passwordProblem } from './common-passwords';

describe('WindowCounter', () => {
  it('blocks a key at its limit until the window has passed, and forgets cleared keys', () => {
    let now = 0;
    const c = new WindowCounter(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(c.blockedFor('a')).toBe(0);
      c.add('a');
    }
    expect(c.blockedFor('a')).toBe(1);
    expect(c.blockedFor('b')).toBe(0);
    now = 600;
    expect(c.blockedFor('a')).toBeCloseTo(0.4);
    now = 1000;
    expect(c.blockedFor('a')).toBe(0);
    c.add('b');
    c.clear('b');
    expect(c.blockedFor('b')).toBe(0);
  });
});

describe('HashGate', () => {
  it('runs at most 2 per address and `concurrency` in all; a full queue is refused with 429', async () => {
    const gate = new HashGate(2, 3, 2);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const work = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        release.push(() => {
          running -= 1;
          resolve();
        });
      });
    const a = Array.from({ length: 4 }, () => gate.run('a', work));
    const refused = await gate.run('a', work).then(
      () => 0,
      (e: { getStatus(): number }) => e.getStatus(),
    );
    expect(refused).toBe(429);
    const b = Array.from({ length: 2 }, () => gate.run('b', work));
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(3);
    while (release.length || running) {
      release.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all([...a, ...b]);
    expect(most).toBe(3);
  });
});

describe('passwordProblem', () => {
  it.each(['1234567890', '          ', 'aaaaaaaaaaaa', 'qwertyuiop', 'Password123', 'abababababab', '0987654321', 'iloveyou123!'])('refuses %j', (p) => {
    expect(passwordProblem(p)).toBeDefined();
  });
  it.each(['correct horse battery', '象棋 secret 2026', ' spaced out pass '])('accepts %j', (p) => {
    expect(passwordProblem(p)).toBeUndefined();
  });
  it("refuses the email's name", () => {
    expect(passwordProblem('wang.lei.2026!', { email: 'wang.lei@example.org' })).toMatch(/email/);
  });
});
