import { opRefusalText } from '@/components/refusals/refusal-text'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@/components/links'
import { OutboxEntryFrame } from '@/components/outbox/outbox-entry'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import type { ContentOp } from '@/local-db/db'
import { discard, resendOnCurrent } from '@/outbox/resolve'
import { contentPaths } from './content-paths'

/** An article or FAQ change in the admin's outbox; one someone else's save came before waits for "keep mine" or "take theirs". */
export function ContentOutboxEntry({ op, onNavigate }: { op: ContentOp; onNavigate: () => void }) {
  const { t, i18n } = useLingui()
  const write = useDeviceWrite()
  const name =
    op.kind === 'save-article'
      ? t`Article: ${(op.article.texts.es ?? op.article.texts.en)?.title ?? ''}`
      : op.kind === 'save-faq'
        ? t`FAQ answer: ${op.faq.question_es ?? op.faq.question_en ?? ''}`
        : t`FAQ order`
  return (
    <OutboxEntryFrame
      op={op}
      name={name}
      heading={
        op.kind === 'save-article' ? (
          <Link to={contentPaths.article(op.articleId)} onClick={onNavigate} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
            {name}
          </Link>
        ) : undefined
      }
      reason={opRefusalText(i18n, op)}
      conflict={
        op.kind !== 'move-faq' && (
          <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            <p>
              <Trans>Someone else saved this first.</Trans>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void write(() => resendOnCurrent(op))} aria-label={t`Keep mine: ${name}`}>
                <Trans>Keep mine</Trans>
              </Button>
              <Button variant="secondary" onClick={() => void write(() => discard(op))} aria-label={t`Take theirs: ${name}`}>
                <Trans>Take theirs</Trans>
              </Button>
            </div>
          </div>
        )
      }
    />
  )
}
