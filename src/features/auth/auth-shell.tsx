import type { ReactNode } from 'react'
import { PageMeta } from '@/components/page-meta'

/** The card every account screen sits in. */
export function AuthShell({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <PageMeta title={title} description={description} />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-1 text-2xl font-bold">{title}</h1>
        <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        {children}
      </div>
    </section>
  )
}

/** SPEC §8: the service's own message, in a status line under the form. */
export function ServiceErrorLine({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" data-testid="service-error" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  )
}
