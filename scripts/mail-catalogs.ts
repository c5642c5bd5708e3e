// The mail catalogs (locales/{es,en}/mail.po) compiled by Lingui into modules the Edge Functions import
// (supabase/functions/_shared/mail/catalogs/{lang}.ts): hosted functions run without a build step of
// ours, so the compiled catalogs are checked in, and the catalogs' check (check-translations.ts) fails
// when they differ from the .po. `npx tsx scripts/mail-catalogs.ts` writes them.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'

export const MAIL_CATALOGS_DIR = 'supabase/functions/_shared/mail/catalogs'

/** Each compiled catalog's file and the source Lingui makes of the .po as it is now. */
export async function compiledMailCatalogs(): Promise<Map<string, string>> {
  const config = getConfig({ skipValidation: true })
  const catalog = (await getCatalogs(config)).find((each) => each.path.endsWith('/locales/{locale}/mail'))
  if (!catalog) throw new Error('lingui.config.ts has no locales/{locale}/mail catalog')
  const compiled = new Map<string, string>()
  for (const locale of config.locales) {
    const { messages, missing } = await catalog.getTranslations(locale, { sourceLocale: config.sourceLocale ?? 'en', fallbackLocales: config.fallbackLocales || {} })
    if (missing.length) throw new Error(`locales/${locale}/mail.po: no translation for ${missing.map((each) => each.id).join(', ')}`)
    const { source, errors } = createCompiledCatalog(locale, messages, {
      strict: true,
      namespace: 'ts',
      outputPrefix: `// Compiled from locales/${locale}/mail.po by scripts/mail-catalogs.ts: do not edit.\n`,
    })
    if (errors.length) throw new Error(`locales/${locale}/mail.po: ${errors.map((each) => `${each.id}: ${each.error.message}`).join('; ')}`)
    compiled.set(`${MAIL_CATALOGS_DIR}/${locale}.ts`, `${source}\n`)
  }
  return compiled
}

/** The compiled catalogs that are not what the .po compiles to now. */
export async function staleMailCatalogs(): Promise<string[]> {
  const stale: string[] = []
  for (const [file, source] of await compiledMailCatalogs()) {
    let current = ''
    try {
      current = readFileSync(file, 'utf8')
    } catch {
      // Missing: stale.
    }
    if (current !== source) stale.push(file)
  }
  return stale
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, source] of await compiledMailCatalogs()) writeFileSync(file, source)
  console.log(`Compiled ${MAIL_CATALOGS_DIR}/{es,en}.ts`)
}
