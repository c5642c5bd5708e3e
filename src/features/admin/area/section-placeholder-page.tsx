import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { showInConstruction } from '@/components/in-construction'
import { PageMeta } from '@/components/page-meta'
import { Button } from '@/components/ui/button'

const placeholderSections = {
  content: { title: msg`Content`, action: msg`New article` },
} satisfies Record<string, { title: MessageDescriptor; action: MessageDescriptor }>

export type PlaceholderSection = keyof typeof placeholderSections

/** SPEC §2: sections not built yet say so; their buttons raise the in-construction notice. */
export function SectionPlaceholderPage({ section }: { section: PlaceholderSection }) {
  const { i18n } = useLingui()
  const { title, action } = placeholderSections[section]
  return (
    <>
      <PageMeta title={i18n._(title)} description={i18n._(title)} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">{i18n._(title)}</h1>
        <Button onClick={() => showInConstruction(i18n)}>{i18n._(action)}</Button>
      </div>
      <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
        <Trans>This section is not implemented yet.</Trans>
      </p>
    </>
  )
}
