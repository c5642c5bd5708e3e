// Fails when the catalogs are out of date with the source, or when any message lacks a
// translation in either language, or when the mail's compiled catalogs differ from its .po. Leaves the
// catalogs exactly as it found them.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { MAIL_CATALOGS_DIR, staleMailCatalogs } from './mail-catalogs'
import { missingTranslations } from './po-catalog'

const catalogs = ['es', 'en'].flatMap((lang) => ['messages', 'pages', 'content', 'account', 'notifications', 'mail'].map((name) => `locales/${lang}/${name}.po`))
const before = new Map(catalogs.map((file) => [file, readFileSync(file, 'utf8')]))
const problems: string[] = []

try {
  execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'pipe' })
  for (const file of catalogs) {
    if (readFileSync(file, 'utf8') !== before.get(file)) {
      problems.push(`${file} is out of date with the source: run \`npm run i18n:extract\` and translate.`)
    }
  }
} finally {
  for (const [file, text] of before) writeFileSync(file, text)
}

for (const file of catalogs) {
  for (const id of missingTranslations(readFileSync(file, 'utf8'))) problems.push(`${file}: no translation for "${id}"`)
}

if (problems.length === 0) {
  for (const file of await staleMailCatalogs()) problems.push(`${file} is not what the .po compiles to: run \`npx tsx scripts/mail-catalogs.ts\` (${MAIL_CATALOGS_DIR}).`)
}

if (problems.length) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(`Catalogs complete: ${catalogs.join(', ')}`)
