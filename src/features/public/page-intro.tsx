import type { ReactNode } from 'react'
import { PageMeta } from '@/components/page-meta'

/** The heading band every public page opens with; its title and description are also the page's meta. */
export function PageIntro({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <header className="bg-gradient-to-b from-brand-50 to-transparent px-4 pt-12 pb-8 text-center dark:from-slate-900">
      <PageMeta title={title} description={description} />
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{description}</p>
      {children}
    </header>
  )
}
