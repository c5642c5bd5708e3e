import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const onlyThrough = (name, owner) => ({
  name,
  message: `Import ${name} only inside ${owner}: use that module's exports.`,
})

// Imports flow one way (docs/architecture.md): the shared layers never reach up into a feature or
// the app shell, and features never import each other; a route in src/app composes them.
const sharedLayers = ['components', 'local-db', 'outbox', 'sync-engine', 'remote', 'sw', 'i18n', 'stores']
const features = ['public', 'auth', 'customer', 'admin']
const oneWayZones = [
  ...sharedLayers.map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/app'],
    message: `src/${layer} is shared: it must not depend on features or the app shell.`,
  })),
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to a shared layer, or compose them in src/app.',
  })),
]

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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: oneWayZones }],
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
