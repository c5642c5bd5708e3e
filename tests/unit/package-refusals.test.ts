import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as en } from '../../locales/en/account.po'
import { messages as es } from '../../locales/es/account.po'
import { packageRefusal } from '@/features/admin/package-refusals'

const i18n = (locale: 'en' | 'es') => setupI18n({ locale, messages: { en, es } })

/** Every message the functions behind the outbox's package changes can raise, as the server words it (`%` filled in). */
function raisedByPackageFunctions(): string[] {
  const dir = 'supabase/migrations'
  const sql = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n')
  const bodies = [...sql.matchAll(/create (?:or replace )?function public\.(register_package|apply_package_statuses|apply_package_status|set_package_status)\b[\s\S]*?\n\$\$;/g)].map((match) => match[0])
  const raised = bodies.flatMap((body) => [...body.matchAll(/raise exception '((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'").replaceAll('%', '8f9a1c2e-0000-4000-8000-000000000001')))
  return [...new Set(raised)]
}

describe('packageRefusal', () => {
  it('has words of its own, in both languages, for everything the package functions can refuse', () => {
    const raised = raisedByPackageFunctions()
    // The scan finds them: both functions' permission checks and the clock check are among them.
    expect(raised).toEqual(expect.arrayContaining(['permission denied: only admins can register a package', 'permission denied: only admins can change a package status']))
    expect(raised.some((message) => message.includes("ahead of the server's clock"))).toBe(true)
    for (const message of raised) {
      expect(packageRefusal(i18n('en'), message), message).not.toBe(message)
      expect(packageRefusal(i18n('es'), message), message).not.toBe(packageRefusal(i18n('en'), message))
    }
  })

  it('explains a package held by its open shipment (packages_hold_in_open_shipment), naming the shipment', () => {
    const held = 'package 1Z999 is in shipment 3f1c2a7e-0000-4000-8000-000000000001 of 2026-11-20T15:04:05Z, which is approved: it changes with the shipment'
    expect(packageRefusal(i18n('en'), held)).toMatch(/^Package 1Z999 is in the shipment of .*2026.*, which is approved: .*cannot be deleted/)
    expect(packageRefusal(i18n('es'), held)).toMatch(/^El paquete 1Z999 está en el envío del .*2026.*, que está aprobado: .*no se puede eliminar/)
  })

  it('explains a clock ahead of the server, and the table checks', () => {
    const clock = "changed_at 2026-11-23 20:00:00+00 is more than 5 minutes ahead of the server's clock (2026-11-23 19:00:00+00): check the device's date and time"
    expect(packageRefusal(i18n('es'), clock)).toMatch(/fecha y hora/)
    expect(packageRefusal(i18n('en'), 'new row for relation "packages" violates check constraint "packages_weight_kg_range"')).toBe('The weight must be between 0 and 32 kg.')
  })

  it('shows anything else as the server said it', () => {
    expect(packageRefusal(i18n('es'), 'something new went wrong')).toBe('something new went wrong')
  })
})
