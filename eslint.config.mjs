// Lint (part of `npm test`): typescript-eslint with the type-aware rules that catch real bugs in a
// server (a promise nobody awaits, a promise where a boolean is expected), plus the recommended
// syntactic rules that hold across the tree. Formatting is Prettier's (.prettierrc.json), not lint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      'apps/server/src/generated/**',
      '.data/**',
      'coverage/**',
      'test/screenshots/**',
      'apps/server/public/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'prisma.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-namespace': 'off',
      'no-control-regex': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
);
