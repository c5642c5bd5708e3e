import { readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Who may import whom in src (docs/architecture.md, "Folders, and who may import whom"). Top down:
// the entry points; src/app and src/prerender, which compose the features; the features; the
// shared layers. Imports only go down, features never import each other, and the lists are read
// from the folders themselves, so a new feature or shared folder is covered without editing this.
const root = import.meta.dirname
const srcEntries = readdirSync(join(root, 'src'), { withFileTypes: true })
const features = readdirSync(join(root, 'src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
/** The entry points, src/main.tsx (the browser's) and src/entry-prerender.tsx (the prerender build's): nothing imports them. */
const entryFiles = srcEntries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name)).map((entry) => `./src/${entry.name}`)
/** Where the two builds compose the features: src/app (the router, layouts, guards) and src/prerender (the public pages' HTML). */
const appLevel = ['app', 'prerender']
/** Every other folder of src is a shared layer (components, sw, sync-engine, outbox, remote, stores, i18n, local-db, business-rules, platform): sharedRanks orders them. */
const sharedLayers = srcEntries.filter((entry) => entry.isDirectory() && entry.name !== 'features' && !appLevel.includes(entry.name)).map((entry) => entry.name)

/**
 * The shared layers, top down, read from their real imports: a layer imports only the rows below
 * it, never its own row's other layers. The service worker and the UI components use the rest but
 * not each other; sync-engine moves data between the outbox, the backend (remote) and the stores;
 * remote reports reachability to the connectivity store; the stores hold plain state; i18n's texts
 * read the row types of local-db; business-rules and platform (what this browser is and can do)
 * import nothing.
 */
const sharedRanks = [['components', 'sw'], ['sync-engine'], ['outbox', 'remote'], ['stores'], ['i18n'], ['local-db'], ['business-rules', 'platform']]
const unranked = sharedLayers.filter((layer) => !sharedRanks.flat().includes(layer))
if (unranked.length > 0) throw new Error(`eslint.config.js: give src/${unranked.join(', src/')} a row in sharedRanks`)

const oneWayZones = [
  ...sharedLayers.map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', ...appLevel.map((folder) => `./src/${folder}`), ...entryFiles],
    message: `src/${layer} is shared: it must not depend on features, the app shell, the prerender build or an entry point.`,
  })),
  ...sharedRanks.flatMap((row, rank) =>
    row.map((layer) => ({
      target: `./src/${layer}`,
      from: sharedRanks
        .slice(0, rank + 1)
        .flat()
        .filter((other) => other !== layer)
        .map((other) => `./src/${other}`),
      message: `src/${layer} imports only the shared layers below it (${sharedRanks.slice(rank + 1).flat().join(', ')}): move what both need down, or have the upper layer pass it in.`,
    })),
  ),
  {
    target: './src/components',
    from: './src/remote',
    message: 'UI components never call the backend themselves: they read local-db and go through sync-engine (or outbox) for the rest.',
  },
  ...features.flatMap((feature) => [
    {
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message: 'Features never import each other: move what both need to a shared layer, or compose them in src/app.',
    },
    {
      target: `./src/features/${feature}`,
      from: [...appLevel.map((folder) => `./src/${folder}`), ...entryFiles],
      message: 'A feature never imports the app shell, the prerender build or an entry point: they import the feature.',
    },
  ]),
  ...appLevel.map((folder) => ({
    target: `./src/${folder}`,
    from: [...appLevel.filter((other) => other !== folder).map((other) => `./src/${other}`), ...entryFiles],
    message: 'src/app (the browser) and src/prerender (the build) meet only in src/entry-prerender.tsx; nothing imports an entry point.',
  })),
  {
    target: './src/business-rules',
    from: './src',
    except: ['./business-rules'],
    message: 'src/business-rules holds pure rules every layer may use: it imports nothing else from src.',
  },
  ...entryFiles.map((entry) => ({
    target: entry,
    from: entryFiles.filter((other) => other !== entry),
    message: 'An entry point never imports another one.',
  })),
].filter((zone) => [zone.from].flat().length > 0)

// Each library belongs to one folder of src; nothing else imports it in any form (import, import
// type, export … from, import()), so the rest of the app goes through that folder's modules.
const libraries = [
  { owner: 'local-db', names: 'dexie and its packages (dexie/*, dexie-react-hooks…)', regex: '^dexie($|[/-])' },
  { owner: 'remote', names: '@supabase/* (supabase-js, realtime-js, postgrest-js, auth-js…)', regex: '^@supabase/' },
  { owner: 'remote', names: 'tus-js-client (resumable uploads to Storage)', regex: '^tus-js-client($|/)' },
]
/** The rules a file of src/`folder` gets: every library is off limits but the folder's own. */
const libraryRules = (folder) => {
  const others = libraries
    .filter(({ owner }) => owner !== folder)
    .map(({ owner, names, regex }) => ({ regex, message: `Import ${names} only inside src/${owner}: use that folder's exports.` }))
  return {
    // Static imports, type imports and re-exports.
    'no-restricted-imports': ['error', { patterns: others }],
    // import() and import('…').Type, which no-restricted-imports does not see. A module name ESLint
    // cannot read could be anything.
    'no-restricted-syntax': [
      'error',
      { selector: "ImportExpression[source.type!='Literal']", message: 'import() takes a string literal in src, so the import rules can read it.' },
      ...others.map(({ regex, message }) => ({
        selector: `:matches(ImportExpression, TSImportType)[source.value=/${regex.replaceAll('/', '\\u002F')}/]`,
        message,
      })),
    ],
  }
}

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
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.app.json') })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: oneWayZones, basePath: root }],
      // no-restricted-paths passes over an import it cannot resolve: every import must resolve.
      'import-x/no-unresolved': 'error',
      ...libraryRules(null),
    },
  },
  ...libraries.map(({ owner }) => ({ files: [`src/${owner}/**/*.{ts,tsx}`], rules: libraryRules(owner) })),
  // An Edge Function runs unchanged in Deno (hosted) and in Node (the stand-in): Web APIs only, and
  // Deno's own in its entry point alone.
  {
    files: ['supabase/functions/**/*.ts'],
    ignores: ['supabase/functions/*/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(node:|(${builtinModules.join('|')})(/|$))`, message: 'Web APIs only, so the same file runs in Deno and Node.' }] }],
      'no-restricted-globals': ['error', ...['process', 'Buffer', 'require', '__dirname', '__filename', 'Deno'].map((name) => ({ name, message: 'Web APIs only, so the same file runs in Deno and Node (index.ts reads the environment).' }))],
    },
  },
)
