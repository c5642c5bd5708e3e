import fc from 'fast-check'
import { isValidElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { hostileUrl, pages } from '../../../tests/unit/hostile-urls'
import { MarkdownView } from './markdown-view'
import { parseMarkdown } from './parse-markdown'

const bucket = 'https://project.supabase.co/storage/v1/object/public/content/'
const html = (markdown: string) => renderToStaticMarkup(<MarkdownView tree={JSON.parse(JSON.stringify(parseMarkdown(markdown)))} imagesFrom={bucket} />)

/** Every element and attribute of the markup, to check nothing active slipped through. */
function parsed(markup: string) {
  const document = new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html')
  const elements = [...document.body.querySelectorAll('*')]
  return {
    tags: [...new Set(elements.map((element) => element.tagName.toLowerCase()))].sort(),
    attributes: elements.flatMap((element) => [...element.attributes].map((attribute) => `${element.tagName.toLowerCase()}[${attribute.name}=${attribute.value}]`)),
    text: document.body.textContent,
  }
}

/** The props of every link the rendered elements hold: what React sets as the anchors' attributes. */
function anchorsOf(node: ReactNode): { href: string; rel?: string }[] {
  if (Array.isArray(node)) return node.flatMap(anchorsOf)
  if (!isValidElement<{ children?: ReactNode; href?: string; rel?: string }>(node)) return []
  return [...(node.type === 'a' ? [{ href: node.props.href!, rel: node.props.rel }] : []), ...anchorsOf(node.props.children)]
}

describe('an article body rendered from its stored tree', () => {
  it('renders what an article is written with', () => {
    const markup = html(['# Envíos', '', 'Un *texto* con **fuerza**, `código` y [precios](/es/precios).', '', '- uno', '- dos', '', '3. tres', '', '> cita', '', '---', '', '```', 'a < b', '```'].join('\n'))
    expect(markup).toBe(
      '<h2>Envíos</h2><p>Un <em>texto</em> con <strong>fuerza</strong>, <code>código</code> y <a href="/es/precios">precios</a>.</p>' +
        '<ul><li><p>uno</p></li><li><p>dos</p></li></ul><ol start="3"><li><p>tres</p></li></ol><blockquote><p>cita</p></blockquote><hr/><pre><code>a &lt; b</code></pre>',
    )
  })

  it('shows raw HTML as text: no script, no handler, no element of its own', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      'text <b onclick="alert(1)">bold</b> <iframe src="https://evil.example"></iframe>',
      '<svg onload=alert(1)><a xlink:href="javascript:alert(1)">x</a></svg>',
      '<style>body{display:none}</style><form action="https://evil.example"><input></form>',
    ].join('\n\n')
    const { tags, attributes, text } = parsed(html(hostile))
    expect(tags).toEqual(['p'])
    expect(attributes).toEqual([])
    expect(text).toContain('<script>alert(1)</script>')
    expect(text).toContain('<img src=x onerror="alert(1)">')
  })

  it('follows only http(s), mailto and the site’s own paths, however a link is disguised', () => {
    const links = [
      '[a](javascript:alert(1))',
      '[b](JaVaScRiPt:alert(1))',
      '[c](&#106;avascript:alert(1))',
      '[d](java%0Ascript:alert(1))',
      '[e](<java\tscript:alert(1)>)',
      '[f](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[g](vbscript:msgbox(1))',
      '[h](file:///etc/passwd)',
      '[i](relative/path)',
      '[j][evil]',
      '[evil]: javascript:alert(1)',
      '<javascript:alert(1)>',
      // Written like the site's paths, read by a browser as another host's.
      '[k](/.//evil.example/x)',
      '[l](/..//evil.example/x)',
      '[m](/%2e/%2E//evil.example)',
      '[n](//evil.example/x)',
      '[o](/\\evil.example)',
      '[p](<\t//evil.example>)',
      '[q](</\t/evil.example>)',
      '[r][twice]',
      '[twice]: /././/evil.example',
      '[ok1](https://example.com/a?b=c)',
      '[ok2](mailto:hola@example.com)',
      '[ok3](/es/blog)',
      '[ok4][good]',
      '[good]: http://example.com/',
    ].join('\n\n')
    const { attributes } = parsed(html(links))
    expect(attributes.filter((attribute) => attribute.startsWith('a['))).toEqual([
      'a[href=https://example.com/a?b=c]',
      'a[rel=noopener noreferrer]',
      'a[href=mailto:hola@example.com]',
      'a[rel=noopener noreferrer]',
      'a[href=/es/blog]',
      'a[href=http://example.com/]',
      'a[rel=noopener noreferrer]',
    ])
    // The text of a refused link stays, as text.
    expect(parsed(html('[read me](javascript:alert(1))')).text).toBe('read me')
  })

  it('links to the site’s own path as the browser reads it, and marks every other link as leading away', () => {
    const links = ['[a](/es/./blog/../precios)', '[b](/es/bl\\og?x#y)', '[c](</es/blog\tguia>)', '[d](HTTPS://Example.COM)', '[e](/../%2F/evil.example)'].join('\n\n')
    expect(parsed(html(links)).attributes).toEqual([
      'a[href=/es/precios]',
      'a[href=/es/bl/og?x#y]',
      'a[href=/es/blogguia]',
      'a[href=https://example.com/]',
      'a[rel=noopener noreferrer]',
      'a[href=/%2F/evil.example]',
    ])
  })

  it('shows images only from the content bucket; any other shows its alt text', () => {
    const markup = html(
      [
        `![cover](${bucket}a/cover.webp)`,
        '![tracker](https://evil.example/pixel.gif)',
        `![escape](${bucket}../../avatars/x.jpg)`,
        `![encoded](${bucket}..%2F..%2Favatars/x.jpg)`,
        `![slash](${bucket}/a.webp)`,
        '![data](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      ].join('\n\n'),
    )
    const { attributes, text } = parsed(markup)
    expect(attributes).toEqual([`img[src=${bucket}a/cover.webp]`, 'img[alt=cover]', 'img[loading=lazy]', 'img[decoding=async]'])
    expect(text).toBe('trackerescapeencodedslashdata')
  })

  it('decodes HTML entities into text, never into markup', () => {
    const { tags, text } = parsed(html('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &copy; &#x3C;b&#x3E;'))
    expect(tags).toEqual(['p'])
    expect(text).toBe('<script>alert(1)</script> & © <b>')
  })

  it('trusts nothing in the tree it is given: types, fields and shapes that no parser makes render inert', () => {
    const forged = {
      type: 'root',
      children: [
        { type: 'html', value: '<img src=x onerror=alert(1)>' },
        { type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', value: 'click' }] },
        { type: 'heading', depth: 99, children: [{ type: 'text', value: 'deep' }] },
        { type: 'script', children: [{ type: 'text', value: 'inner' }] },
        { type: 'paragraph', children: 'not an array' },
        { type: 'list', ordered: true, start: 'x', children: [{ type: 'listItem', children: [null, 5, { type: 'text', value: 'item' }] }] },
        { type: 'text', value: { toString: () => '<b>' } },
        null,
      ],
    }
    const markup = renderToStaticMarkup(<MarkdownView tree={forged} imagesFrom={bucket} />)
    expect(parsed(markup).tags).toEqual(['h6', 'li', 'ol', 'p', 'span'])
    expect(parsed(markup).attributes).toEqual([])
    expect(parsed(markup).text).toBe('<img src=x onerror=alert(1)>clickdeepinneritem')
    expect(renderToStaticMarkup(<MarkdownView tree="<script>" imagesFrom={bucket} />)).toBe('')
  })

  it('follows a forged link only to the site’s own paths or, marked as leading away, to http(s) and mailto', () => {
    const link = (url: string) => ({ type: 'link', url, children: [{ type: 'text', value: 'x' }] })
    const forged = {
      type: 'root',
      children: [
        ...['/.//evil.example/x', '/..//evil.example', '/%2e//evil.example', '//evil.example', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', '\n//evil.example', '\u0000//evil.example', 'java\tscript:alert(1)', ' JAVASCRIPT:alert(1)'].map(link),
        { type: 'linkReference', identifier: 'home', children: [{ type: 'text', value: 'y' }] },
        { type: 'definition', identifier: 'home', url: '\t/es/./blog' },
        link('ht\ttps://example.com'),
      ],
    }
    const markup = renderToStaticMarkup(<MarkdownView tree={forged} imagesFrom={bucket} />)
    expect(parsed(markup).attributes).toEqual(['a[href=/es/blog]', 'a[href=https://example.com/]', 'a[rel=noopener noreferrer]'])
  })

  it('whatever a forged tree links to, a link stays on the page’s site or is marked as leading away to http(s) or mailto', () => {
    fc.assert(
      fc.property(fc.array(hostileUrl, { minLength: 1, maxLength: 5 }), (urls) => {
        const tree = { type: 'root', children: urls.map((url) => ({ type: 'link', url, children: [{ type: 'text', value: url }] })) }
        for (const anchor of anchorsOf(MarkdownView({ tree, imagesFrom: bucket }))) {
          for (const page of pages) {
            const followed = new URL(anchor.href, page)
            if (anchor.rel === 'noopener noreferrer') expect(['http:', 'https:', 'mailto:']).toContain(followed.protocol)
            else expect(followed.origin).toBe(new URL(page).origin)
          }
        }
      }),
      { numRuns: 1000 },
    )
    // A thousand trees rendered: two seconds on this machine, more on a slow one with a core busy.
  }, 30_000)

  it('renders huge and deeply nested input bounded, without overflowing the stack', () => {
    // The longest body the database takes (100,000 characters).
    const huge = Array.from({ length: 2000 }, (_, i) => `Párrafo ${i} con *énfasis* y [enlace](/es/blog).`).join('\n\n')
    expect(huge.length).toBeLessThan(100_000)
    expect(html(huge).match(/<p>/g)).toHaveLength(2000)

    let deep: object = { type: 'text', value: 'fondo' }
    for (let i = 0; i < 100_000; i++) deep = { type: 'blockquote', children: [deep] }
    const markup = renderToStaticMarkup(<MarkdownView tree={{ type: 'root', children: [deep] }} imagesFrom={bucket} />)
    expect(markup.endsWith('fondo' + '</blockquote>'.repeat(24))).toBe(true)
    expect(parsed(html('>'.repeat(5000) + ' cita')).text).toBe('cita')
    // Parsing 100,000 characters twice is real work: a second on this machine, more on a slow one with a core busy.
  }, 60_000)
})
