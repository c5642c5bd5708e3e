import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/ui/button'

/** "1–50 of 1,234" with Previous and Next: long lists are read a page at a time. */
export function Pager({ offset, pageSize, total, onOffset }: { offset: number; pageSize: number; total: number; onOffset: (offset: number) => void }) {
  const { t, i18n } = useLingui()
  if (total <= pageSize && offset === 0) return null
  const number = (n: number) => i18n.number(n)
  const first = number(Math.min(offset + 1, total))
  const last = number(Math.min(offset + pageSize, total))
  const all = number(total)
  return (
    <nav aria-label={t`Pages`} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
      <p>
        <Trans>
          {first}–{last} of {all}
        </Trans>
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="secondary" disabled={offset + pageSize >= total} onClick={() => onOffset(offset + pageSize)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </nav>
  )
}
