import { useId, useState, type ReactNode } from 'react'

export interface AccordionItem {
  question: string
  answer: ReactNode
}

/**
 * One item open at a time; clicking the open one closes it (SPEC §4, FAQ). Each question is a
 * heading one level below the section it sits in (`headingLevel`), so the outline has no gaps.
 */
export function Accordion({ items, headingLevel = 2 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const baseId = useId()
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
      {items.map((item, index) => {
        const open = openIndex === index
        const panelId = `${baseId}-panel-${index}`
        const questionId = `${baseId}-question-${index}`
        return (
          <div key={item.question}>
            <Heading>
              <button
                id={questionId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {item.question}
                <span aria-hidden="true" className={`motion-safe:transition-transform ${open ? 'rotate-45' : ''}`}>
                  +
                </span>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={questionId} hidden={!open} className="px-5 pb-4 text-slate-700 dark:text-slate-300">
              {item.answer}
            </div>
          </div>
        )
      })}
    </div>
  )
}
