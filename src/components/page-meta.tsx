import { createContext, use } from 'react'

/** The title and description a page declares, as its prerendered <head> carries them. */
export interface PageMetaValues {
  title: string
  description: string
}

/**
 * Set only while prerendering: PageMeta reports to it instead of rendering, and the build writes the
 * whole <head> (canonical, alternates, Open Graph) around those values.
 */
export const PageMetaCollector = createContext<((values: PageMetaValues) => void) | null>(null)

/**
 * Per-page <title> and description; React 19 hoists both into <head>, and on a prerendered page
 * adopts the identical tags already there instead of adding a second pair.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const collect = use(PageMetaCollector)
  const fullTitle = `${title} · Casillero Miami`
  if (collect) {
    collect({ title: fullTitle, description })
    return null
  }
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
    </>
  )
}
