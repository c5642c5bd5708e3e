import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const onlyThrough = (name, owner) => ({
  name,
  message: `Import ${name} only inside ${owner}: use that module's exports.`,
})

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', '.supabase-local', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: [onlyThrough('dexie', 'src/local-db'), onlyThrough('@supabase/supabase-js', 'src/remote')] },
      ],
    },
  },
  {
    files: ['src/local-db/**', 'src/remote/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
