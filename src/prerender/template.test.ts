import { describe, expect, it } from 'vitest'
import { fillTemplate, inlineStylesheet } from './template'

const template = `<!doctype html>
<html lang="es">
  <head>
    <title>Casillero Miami</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Casillero Miami necesita JavaScript.</noscript>
  </body>
</html>`

describe('fillTemplate', () => {
  const page = fillTemplate(template, {
    lang: 'en',
    head: '<title>Pricing $& more · Casillero Miami</title>',
    body: '<link rel="preload" as="image" href="/favicon.svg"/><div class="app"><h1>Pricing $1</h1></div>',
    hydrationData: { loaderData: { pricing: { plan: '$1' } } },
  })

  it('sets the language, the head tags and the rendered app, taken literally, and loads the app script once the page has painted', () => {
    expect(page).toContain('<html lang="en">')
    expect(page).toContain('<title>Pricing $& more · Casillero Miami</title>')
    expect(page).toContain('<div id="root"><div class="app"><h1>Pricing $1</h1></div></div><script type="application/json" id="hydration-data">{"loaderData":{"pricing":{"plan":"$1"}}}</script>')
    expect(page).not.toContain('<script type="module"')
    expect(page).toMatch(/s\.type='module';s\.src="\/assets\/index\.js".*first-contentful-paint.*addEventListener\('load'/)
  })

  it('moves the tags React hoists ahead of the app into <head>, and drops the no-JavaScript notice', () => {
    expect(page.indexOf('<link rel="preload" as="image" href="/favicon.svg"/>')).toBeLessThan(page.indexOf('</head>'))
    expect(page).not.toContain('noscript')
  })

  it('refuses a template that lost a part it replaces', () => {
    expect(() => fillTemplate(template.replace('<div id="root"></div>', '<main id="root"></main>'), { lang: 'es', head: '', body: '', hydrationData: {} })).toThrow(/root marker/)
  })
})

describe('inlineStylesheet', () => {
  it('writes the linked stylesheet into the page', () => {
    const read = (href: string) => `/* ${href} */ h1{color:red}`
    const page = inlineStylesheet('<head><link rel="stylesheet" crossorigin href="/assets/index.css"></head>', read)
    expect(page).toBe('<head><style>/* /assets/index.css */ h1{color:red}</style></head>')
  })

  it('refuses a template without the stylesheet link', () => {
    expect(() => inlineStylesheet('<head></head>', () => '')).toThrow(/stylesheet link/)
  })
})
