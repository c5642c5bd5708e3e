import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// eslint.config.js holds docs/architecture.md's import rules ("Folders, and who may import whom"):
// each forbidden form is reported, in every layer, and what the layers really do is not.

let eslint: ESLint

beforeAll(async () => {
  eslint = new ESLint()
  await eslint.lintText('', { filePath: 'src/components/warm-up.ts' })
}, 60_000)

/** The rules that report `code` as if it were the file `filePath` (which need not exist). */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath })
  return result!.messages.map((message) => message.ruleId ?? message.message)
}

const library = ['no-restricted-imports', 'no-restricted-syntax']
const layers = 'import-x/no-restricted-paths'

describe('a library is imported only in the folder that owns it', () => {
  it.each([
    ['src/features/customer/x.ts', "import Dexie from 'dexie'\nexport { Dexie }"],
    ['src/features/customer/x.ts', "import type { Table } from 'dexie'\nexport type T = Table"],
    ['src/features/customer/x.ts', "import { useLiveQuery } from 'dexie-react-hooks'\nexport { useLiveQuery }"],
    ['src/features/customer/x.ts', "export { default } from 'dexie/dist/dexie.mjs'"],
    ['src/features/customer/x.ts', "export const load = () => import('dexie')"],
    ['src/features/customer/x.ts', "export type T = import('dexie').Table"],
    ['src/features/admin/x.ts', "export * from '@supabase/supabase-js'"],
    ['src/features/admin/x.ts', "export const load = () => import('@supabase/supabase-js')"],
    ['src/features/admin/x.ts', "export type T = typeof import('@supabase/postgrest-js')"],
    ['src/local-db/x.ts', "import { RealtimeClient } from '@supabase/realtime-js'\nexport { RealtimeClient }"],
    ['src/local-db/x.ts', "export const load = () => import('@supabase/supabase-js')"],
    ['src/remote/x.ts', "export { liveQuery } from 'dexie'"],
    ['src/remote/x.ts', "export const load = () => import('dexie-react-hooks')"],
    ['src/sw/x.ts', "export { default } from 'dexie'"],
    ['src/sync-engine/x.ts', "import type { SupabaseClient } from '@supabase/supabase-js'\nexport type C = SupabaseClient"],
    ['src/components/x.tsx', "export const load = () => import('@supabase/auth-js')"],
    ['src/app/x.ts', "export { createClient } from '@supabase/supabase-js'"],
    ['src/prerender/x.ts', "export { default } from 'dexie'"],
    ['src/main.tsx', "export const load = () => import('dexie')"],
    ['src/entry-prerender.tsx', "export * from '@supabase/supabase-js'"],
    ['src/sync-engine/x.ts', "import { Upload } from 'tus-js-client'\nexport { Upload }"],
  ])('%s: %s is reported', async (file, code) => {
    expect(await rulesBroken(file, code)).toEqual([expect.toBeOneOf(library)])
  })

  it.each([
    ['src/features/customer/x.ts', 'export const load = () => import(`dexie`)'],
    ['src/local-db/x.ts', "const name = '@supabase/supabase-js'\nexport const load = () => import(name)"],
  ])('%s: import() of a name ESLint cannot read (%s) is reported', async (file, code) => {
    expect(await rulesBroken(file, code)).toEqual(['no-restricted-syntax'])
  })

  it.each([
    ['src/local-db/x.ts', "import Dexie, { liveQuery } from 'dexie'\nimport { useLiveQuery } from 'dexie-react-hooks'\nexport { Dexie, liveQuery, useLiveQuery }"],
    ['src/local-db/x.ts', "export const load = () => import('dexie')"],
    ['src/remote/x.ts', "export * from '@supabase/supabase-js'\nexport const load = () => import('@supabase/realtime-js')"],
    ['src/remote/x.ts', "export { Upload } from 'tus-js-client'"],
    // The session's storage is a module of local-db, not Dexie: remote may use it (src/remote/client.ts).
    ['src/remote/x.ts', "export const storage = () => import('@/local-db/auth-storage')"],
    // Outside src, tests and scripts import what they test with.
    ['tests/unit/x.ts', "import Dexie from 'dexie'\nimport { createClient } from '@supabase/supabase-js'\nexport { Dexie, createClient }"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await rulesBroken(file, code)).toEqual([])
  })
})

describe('imports flow one way', () => {
  it.each([
    // Features never import each other, in any form.
    ['src/features/customer/x.ts', "export { LoginPage } from '@/features/auth/login-page'"],
    ['src/features/customer/x.ts', "import { LoginPage } from '../auth/login-page'\nexport { LoginPage }"],
    ['src/features/customer/x.ts', "export const load = () => import('@/features/auth/login-page')"],
    ['src/features/admin/x.ts', "export * from '@/features/customer/dashboard-page'"],
    // Nor the app shell, the prerender build or an entry point.
    ['src/features/public/x.ts', "export { routes } from '@/app/router'"],
    ['src/features/public/x.ts', "export { headTags } from '@/prerender/head'"],
    ['src/features/public/x.ts', "export const load = () => import('@/main')"],
    // The shared layers never import features, the app shell, the prerender build or an entry point.
    ['src/components/x.ts', "export const load = () => import('@/features/auth/login-page')"],
    ['src/components/x.ts', "export { routes } from '@/app/router'"],
    ['src/local-db/x.ts', "import { startAuth } from '@/features/auth/start-auth'\nexport { startAuth }"],
    ['src/outbox/x.ts', "export * from '@/features/admin/outbox-dialog'"],
    ['src/sync-engine/x.ts', "export const load = () => import('@/app/router')"],
    ['src/remote/x.ts', "export { startAuth } from '@/features/auth/start-auth'"],
    ['src/sw/x.ts', "export { startAuth } from '@/features/auth/start-auth'"],
    ['src/i18n/x.ts', "export { htmlFileOf } from '@/prerender/pages'"],
    ['src/stores/x.ts', "export * from '@/entry-prerender'"],
    // The shared layers import only the layers below them (components and sw, sync-engine, outbox and
    // remote, stores, i18n, local-db, business-rules and platform): never upward, never a peer.
    ['src/stores/x.ts', "export { fetchRates } from '@/remote/rates'"],
    ['src/stores/x.ts', "export const load = () => import('@/sync-engine/rates')"],
    ['src/remote/x.ts', "export { useInstallOffer } from '@/components/install-app/install-offer'"],
    ['src/remote/x.ts', "export { flushUntil } from '@/sync-engine/push'"],
    ['src/remote/x.ts', "export { onQueued } from '@/outbox/queue'"],
    ['src/outbox/x.ts', "export { getSupabase } from '@/remote/client'"],
    ['src/sw/x.ts', "export { buttonClasses } from '@/components/ui/button-classes'"],
    ['src/components/x.ts', "export { handlePushes } from '@/sw/push'"],
    ['src/sync-engine/x.ts', "export { Link } from '@/components/links'"],
    ['src/local-db/x.ts', "export { formatUsd } from '@/i18n/format'"],
    ['src/local-db/x.ts', "export { useSessionStore } from '@/stores/session-store'"],
    ['src/i18n/x.ts', "export { useSessionStore } from '@/stores/session-store'"],
    ['src/platform/x.ts', "export { planTerms } from '@/business-rules/plans'"],
    ['src/business-rules/x.ts', "export { isStandalone } from '@/platform/platform'"],
    // UI components read the device's data; the backend is sync-engine's to call.
    ['src/components/x.ts', "export { getSupabase } from '@/remote/client'"],
    // business-rules imports nothing else from src.
    ['src/business-rules/x.ts', "export { StatusBadge } from '@/components/package-status'"],
    // src/app and src/prerender meet only in entry-prerender.tsx.
    ['src/app/x.ts', "export { headTags } from '@/prerender/head'"],
    ['src/prerender/x.ts', "export { routes } from '@/app/router'"],
    ['src/main.tsx', "export * from './entry-prerender'"],
  ])('%s: %s is reported', async (file, code) => {
    expect(await rulesBroken(file, code)).toContain(layers)
  })

  const features = readdirSync('src/features', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  it.each(features)('knows the feature %s without being told (the list is read from src/features)', async (feature) => {
    const module = readdirSync(join('src/features', feature), { recursive: true, encoding: 'utf8' }).find((file) => /(?<!\.test)\.tsx?$/.test(file))!
    const other = features.find((name) => name !== feature)!
    const code = `export * from '@/features/${feature}/${module.replace(/\.tsx?$/, '')}'`
    expect(await rulesBroken(`src/features/${other}/x.ts`, code)).toContain(layers)
    expect(await rulesBroken(`src/features/${feature}/x.ts`, code)).not.toContain(layers)
  })

  it.each([
    ['src/features/customer/x.ts', "export { Link } from '@/components/links'\nexport { usePackage } from '@/local-db/queries'\nexport { planTerms } from '@/business-rules/plans'"],
    ['src/features/customer/x.ts', "export { PackageList } from './package-list'"],
    ['src/components/x.ts', "export { isPackageStatus } from '@/local-db/rows'"],
    ['src/sw/x.ts', "export { createSupabase } from '@/remote/create-client'\nexport { flushOutbox } from '@/sync-engine/push'\nexport * from '@/local-db/auth-storage'"],
    ['src/sw/x.ts', "export { notificationText } from '@/i18n/notification-text'"],
    ['src/components/x.ts', "export { loadStoredFile } from '@/sync-engine/stored-files'\nexport { onQueued } from '@/outbox/queue'\nexport { isStandalone } from '@/platform/platform'"],
    ['src/sync-engine/x.ts', "export { fetchRates } from '@/remote/rates'\nexport { useRatesStore } from '@/stores/rates-store'"],
    ['src/remote/x.ts', "export { reportReachable } from '@/stores/connectivity-store'\nexport { isIosSafari } from '@/platform/platform'\nexport type { Lang } from '@/i18n/locales'"],
    ['src/stores/x.ts', "export type { Role } from '@/local-db/rows'"],
    ['src/i18n/x.ts', "export type { NotificationRow } from '@/local-db/rows'\nexport { storageWarningDays } from '@/business-rules/storage'"],
    ['src/app/x.ts', "export const load = () => import('@/features/customer/dashboard-page')"],
    ['src/prerender/x.ts', "export type { BuildContent } from '@/features/public/content/build-content'"],
    ['src/main.tsx', "export { createRouter } from '@/app/router'\nexport { startAuth } from '@/features/auth/start-auth'"],
    ['src/entry-prerender.tsx', "export { routes } from '@/app/router'\nexport { headTags } from '@/prerender/head'"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await rulesBroken(file, code)).toEqual([])
  })
})
