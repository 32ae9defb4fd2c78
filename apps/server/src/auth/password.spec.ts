import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one; salts differ', async () => {
    const a = await hashPassword('象棋 secret');
    const b = await hashPassword('象棋 secret');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toEqual(b);
    await expect(verifyPassword('象棋 secret', a)).resolves.toBe(true);
    await expect(verifyPassword('象棋 secreT', a)).resolves.toBe(false);
    await expect(verifyPassword('x', 'plain')).resolves.toBe(false);
  });
});
