import type { Lang } from '@/i18n/locales'

/** The parts of the built index.html a prerendered page replaces; each must be there exactly as written. */
const markers = {
  lang: /<html lang="[a-z]+">/,
  title: /<title>Casillero Miami<\/title>/,
  root: /<div id="root"><\/div>/,
  // The content is there without JavaScript, so the "needs JavaScript" notice is not.
  noscript: /\s*<noscript>[\s\S]*?<\/noscript>/,
  // The page paints without the app's script: it must not take the stylesheet's bandwidth.
  entryScript: /<script type="module" crossorigin src=/,
}

// Rendering a tree that is not a whole document, React writes the tags it hoists (resource preloads
// such as an <img>'s) ahead of the markup; hydration expects the app's first element there.
const leadingHoistedTags = /^(?:<link [^>]*\/>)*/

/** A page's HTML from the app's built index.html: its language, its head tags and the rendered app. */
export function fillTemplate(template: string, page: { lang: Lang; head: string; body: string }): string {
  for (const [name, marker] of Object.entries(markers)) {
    if (!marker.test(template)) throw new Error(`index.html has lost its ${name} marker (${marker.source}): prerendering needs it`)
  }
  const hoisted = leadingHoistedTags.exec(page.body)![0]
  const markup = page.body.slice(hoisted.length)
  // Functions as replacements, so a `$` in the content is never read as a pattern.
  return template
    .replace(markers.lang, () => `<html lang="${page.lang}">`)
    .replace(markers.title, () => page.head + hoisted)
    .replace(markers.root, () => `<div id="root">${markup}</div>`)
    .replace(markers.noscript, '')
    .replace(markers.entryScript, '<script type="module" crossorigin fetchpriority="low" src=')
}
