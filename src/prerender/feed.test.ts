import { describe, expect, it } from 'vitest'
import { atomFeed, type Feed } from './feed'

const feed: Feed = {
  lang: 'es',
  title: 'Blog · Casillero Miami',
  subtitle: 'Guías & consejos <para> comprar',
  pageUrl: 'https://example.com/es/blog',
  selfUrl: 'https://example.com/es/blog/feed.xml',
  builtAt: '2026-01-01T00:00:00.000Z',
  entries: [
    {
      id: '0b7c1a9e-0000-4000-8000-000000000001',
      url: 'https://example.com/es/blog/nuevo',
      title: 'Nuevo: "ofertas" & <envíos>',
      summary: 'Un resumen',
      author: 'Laura Méndez',
      published: '2026-02-01T12:00:00+00:00',
      updated: '2026-02-03T08:30:00+00:00',
    },
    {
      id: '0b7c1a9e-0000-4000-8000-000000000002',
      url: 'https://example.com/es/blog/programado',
      title: 'Programado',
      summary: 'Escrito antes de su fecha',
      author: 'Ana Torres',
      published: '2026-01-20T12:00:00+00:00',
      updated: '2026-01-10T12:00:00+00:00',
    },
  ],
}

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml')
const text = (node: ParentNode, selector: string) => node.querySelector(selector)?.textContent

describe('atomFeed', () => {
  it('is well-formed Atom in the blog’s language, naming itself and the blog page', () => {
    const doc = parse(atomFeed(feed))
    expect(doc.querySelector('parsererror')).toBeNull()
    const root = doc.documentElement
    expect(root.namespaceURI).toBe('http://www.w3.org/2005/Atom')
    expect(root.getAttribute('xml:lang')).toBe('es')
    expect(text(root, 'feed > subtitle')).toBe('Guías & consejos <para> comprar')
    expect(root.querySelector('feed > link[rel="self"]')!.getAttribute('href')).toBe(feed.selfUrl)
    expect(root.querySelector('feed > link[rel="alternate"]')!.getAttribute('href')).toBe(feed.pageUrl)
  })

  it('lists each article in order with its URL, dates, author and summary, its id surviving a rename', () => {
    const entries = [...parse(atomFeed(feed)).querySelectorAll('entry')]
    expect(entries.map((entry) => text(entry, 'title'))).toEqual(['Nuevo: "ofertas" & <envíos>', 'Programado'])
    const [first, scheduled] = entries
    expect(text(first!, 'id')).toBe('urn:uuid:0b7c1a9e-0000-4000-8000-000000000001')
    expect(first!.querySelector('link')!.getAttribute('href')).toBe('https://example.com/es/blog/nuevo')
    expect(text(first!, 'published')).toBe('2026-02-01T12:00:00.000Z')
    expect(text(first!, 'updated')).toBe('2026-02-03T08:30:00.000Z')
    expect(text(first!, 'author > name')).toBe('Laura Méndez')
    expect(text(first!, 'summary')).toBe('Un resumen')
    // Edited before it was due: it changed, for a reader, when it appeared.
    expect(text(scheduled!, 'updated')).toBe('2026-01-20T12:00:00.000Z')
  })

  it('says it changed when its newest entry did, or at the build with no entries', () => {
    expect(text(parse(atomFeed(feed)).documentElement, 'feed > updated')).toBe('2026-02-03T08:30:00.000Z')
    const empty = parse(atomFeed({ ...feed, entries: [] }))
    expect(text(empty.documentElement, 'feed > updated')).toBe(feed.builtAt)
    expect(empty.querySelectorAll('entry')).toHaveLength(0)
  })
})
