import type { HydrationState } from 'react-router'
import type { Lang } from '@/i18n/locales'
import { hydrationDataBlock } from './hydration-data'

/** The parts of the built index.html a prerendered page replaces; each must be there exactly as written. */
const markers = {
  lang: /<html lang="[a-z]+">/,
  title: /<title>Casillero Miami<\/title>/,
  root: /<div id="root"><\/div>/,
  // The content is there without JavaScript, so the "needs JavaScript" notice is not.
  noscript: /\s*<noscript>[\s\S]*?<\/noscript>/,
  // The page paints without the app's script: it is fetched once the page has painted.
  entryScript: /<script type="module" crossorigin src="([^"]+)"><\/script>/,
}

const stylesheet = /<link rel="stylesheet" crossorigin href="([^"]+)">/

/**
 * The built stylesheet written into the template: a prerendered page then paints as soon as its
 * HTML arrives, with no request in between (it is about 10 KB gzip, the price of one round trip).
 */
export function inlineStylesheet(template: string, read: (href: string) => string): string {
  const link = stylesheet.exec(template)
  if (!link) throw new Error(`index.html has lost its stylesheet link (${stylesheet.source}): prerendering needs it`)
  return template.replace(link[0], () => `<style>${read(link[1]!)}</style>`)
}

const lastResortMs = 3000
/**
 * A button pressed before the app is here would do nothing (a submit button would even send its
 * form the browser's way): the press is held, the app is loaded at once, and `main.tsx` presses the
 * button again once React has the page (`window.clicksBeforeApp`). Links need nothing: they work
 * without the app.
 */
const keepClicksBeforeApp =
  `var clicks=window.clicksBeforeApp=[];document.addEventListener('click',function(e){if(window.clicksBeforeApp!==clicks)return;` +
  `var button=e.target.closest&&e.target.closest('button');if(!button)return;e.preventDefault();if(clicks.indexOf(button)<0)clicks.push(button);load()},true)`
/**
 * Loads the app's entry once the page has painted its content: hydration adds behaviour to a page
 * already on screen, and its script does not compete with the page for the first round trips. The
 * load event is no signal (it often comes before the first paint); it only starts the app in a
 * browser without paint timing, or, as a last resort, a few seconds later in a tab that never paints.
 * Never before the whole document is parsed: a script added by script runs as soon as it arrives
 * (from a cache, at once), and the page's end holds the router's hydration data; without it the app
 * rendered the page anew instead of hydrating it. The same on every page, so the CSP has one hash of it.
 */
const afterFirstPaint = (src: string) =>
  `<script>(function(){var done=false;function load(){if(done)return;if(document.readyState==='loading'){document.addEventListener('DOMContentLoaded',load);return}done=true;var s=document.createElement('script');s.type='module';s.src=${JSON.stringify(src)};document.head.appendChild(s)}` +
  `var painted=false;try{painted=PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0;new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(load)}).observe({type:'paint',buffered:true})}catch(e){}` +
  `addEventListener('load',function(){painted?setTimeout(load,${lastResortMs}):load()});` +
  keepClicksBeforeApp +
  `})()</script>`

// Rendering a tree that is not a whole document, React writes the tags it hoists (resource preloads
// such as an <img>'s) ahead of the markup; hydration expects the app's first element there.
const leadingHoistedTags = /^(?:<link [^>]*\/>)*/

/** A page's HTML from the app's built index.html: its language, its head tags, the rendered app and the router's data for it. */
export function fillTemplate(template: string, page: { lang: Lang; head: string; body: string; hydrationData: HydrationState }): string {
  for (const [name, marker] of Object.entries(markers)) {
    if (!marker.test(template)) throw new Error(`index.html has lost its ${name} marker (${marker.source}): prerendering needs it`)
  }
  const hoisted = leadingHoistedTags.exec(page.body)![0]
  const markup = page.body.slice(hoisted.length)
  // Functions as replacements, so a `$` in the content is never read as a pattern.
  return template
    .replace(markers.lang, () => `<html lang="${page.lang}">`)
    .replace(markers.title, () => page.head + hoisted)
    .replace(markers.root, () => `<div id="root">${markup}</div>${hydrationDataBlock(page.hydrationData)}`)
    .replace(markers.noscript, '')
    .replace(markers.entryScript, (_, src: string) => afterFirstPaint(src))
}
