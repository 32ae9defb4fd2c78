import { main } from './main';
import { fakeIo } from './testing/fake-io';

const COMMANDS = ['perft', 'moves', 'convert', 'validate', 'adjudicate', 'check-pairing', 'standings', 'pair', 'trf', 'round-robin', 'knockout'];

describe('chuhe COMMAND --help (issue 22)', () => {
  it.each(COMMANDS)('%s --help prints what it does and its usage, exit 0', async (name) => {
    for (const flag of ['--help', '-h']) {
      const io = fakeIo();
      const code = await main([name, flag], io);
      expect(code).toBe(0);
      expect(io.out.join('\n')).toContain(`chuhe ${name}: `);
      expect(io.out.join('\n')).toMatch(new RegExp(`usage: chuhe ${name}\\b`));
      expect(io.err).toEqual([]);
    }
  });
});
