/**
 * The most common passwords of 10 or more characters (the shorter ones are refused by length
 * already), from the published breach frequency lists, lower-cased. A small embedded list is
 * enough to refuse the passwords an attacker tries first (issue 13); passwordProblem() adds the
 * trivial shapes (one character repeated, a run like 1234567890 or qwertyuiop, whitespace only).
 */
export const COMMON_PASSWORDS = new Set([
  '1234567890', '0123456789', '0987654321', '9876543210', '1111111111', '0000000000', '1231231231', '1234512345',
  '1122334455', '1212121212', '1234567891', '12345678910', '123456789a', 'a123456789', '123456789q', 'q123456789',
  '1234567890q', 'qwertyuiop', 'qwertyuiop1', 'qwertyuiop123', 'asdfghjkl;', 'asdfghjkl1', 'zxcvbnm123', '1q2w3e4r5t',
  '1q2w3e4r5t6y', 'q1w2e3r4t5', 'qazwsxedc1', 'qazwsxedcrfv', '1qaz2wsx3edc', 'zaq12wsxcde3', '!qaz2wsx', 'qwerty12345',
  'qwerty123456', 'qwe123qwe123', 'password12', 'password123', 'password1234', 'password01', 'password!1', 'passw0rd123',
  'p@ssw0rd123', 'p@ssword123', 'passwordpassword', 'mypassword', 'mypassword1', 'mypassword123', 'iloveyou12', 'iloveyou123',
  'iloveyou1234', 'loveyou1234', 'football123', 'baseball123', 'basketball', 'basketball1', 'superman123', 'batman12345',
  'princess123', 'sunshine123', 'welcome123', 'welcome1234', 'letmein123', 'letmein1234', 'monkey12345', 'dragon12345',
  'master12345', 'administrator', 'admin12345', 'admin123456', 'administrator1', 'changeme123', 'changeme1234', 'trustno1234',
  'starwars123', 'computer123', 'internet123', 'whatever123', 'chocolate1', 'butterfly1', 'jordan2323', 'michael123',
  'michelle123', 'jennifer123', 'liverpool1', 'liverpool123', 'chelsea123', 'arsenal123', 'manchester', 'manchester1',
  'pokemon123', 'minecraft1', 'minecraft123', 'abcdefghij', 'abcdefg123', 'abcd123456', 'abc1234567', 'abcde12345',
  'aa12345678', 'aaaaaaaaaa', 'zzzzzzzzzz', 'qqqqqqqqqq', '1qazxsw23edc', 'googledummy', 'samsung123', 'iphone12345',
  'woaini1314', 'woaini520', 'woaini5201314', '5201314520', '5201314', '1314520520', 'aini1314520', 'wangyang123',
  'zhang123456', 'qq123456789', 'a1234567890', 'xiangqi123', 'xiangqi1234', 'chinese123', 'helloworld', 'helloworld1',
  'hello12345', 'hello123456', 'goodluck123', 'fuckyou123', 'secret1234', 'secret12345', 'test123456', 'testtest12',
  'testing123', 'test1234567', 'user123456', 'guest12345', 'default123', 'default1234', 'summer2024', 'summer2025',
  'summer2026', 'winter2024', 'winter2025', 'winter2026', 'spring2025', 'spring2026', 'autumn2025', 'autumn2026',
  'january2026', 'password2024', 'password2025', 'password2026', 'welcome2025', 'welcome2026', 'chuhe12345', 'chuhe123456',
  'tournament', 'tournament1', 'tournament123', 'chess12345', 'chessmaster', 'qwertyuiopasdfghjkl', 'asdfasdfasdf', 'asdfghjklqwerty',
]);

const RUNS = ['01234567890', '09876543210', 'abcdefghijklmnopqrstuvwxyz', 'zyxwvutsrqponmlkjihgfedcba', 'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb'];

/** Why a new password is refused, or undefined. Nothing is trimmed: the password is used as given. */
export function passwordProblem(password: string, context: { email?: string; displayName?: string } = {}): string | undefined {
  const lower = password.toLowerCase();
  if (password.trim() === '') return 'must not be only whitespace';
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(/[\s!.]+$/, ''))) return 'is one of the most common passwords; choose another';
  if (new Set(lower.replace(/\s/g, '')).size < 4) return 'has too few different characters';
  if (RUNS.some((run) => run.includes(lower.replace(/\s/g, '')))) return 'is a run of consecutive keys or characters';
  const local = context.email?.toLowerCase().split('@')[0];
  if ((local && local.length >= 4 && lower.includes(local)) || (context.email && lower === context.email.toLowerCase())) return 'must not contain your email address';
  if (context.displayName && context.displayName.length >= 4 && lower === context.displayName.toLowerCase()) return 'must not be your name';
  return undefined;
}
