import type { Lang } from '@/i18n/locales'

export interface FeedEntry {
  /** The article's id: its entry keeps its identity across renames. */
  id: string
  url: string
  title: string
  summary: string
  author: string
  published: string
  updated: string
}

export interface Feed {
  lang: Lang
  title: string
  subtitle: string
  /** The blog page's absolute URL, and the feed's own. */
  pageUrl: string
  selfUrl: string
  /** Newest first. */
  entries: FeedEntry[]
  /** When the feed says it changed if it has no entries (the build's time). */
  builtAt: string
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const instant = (value: string) => new Date(value).toISOString()
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b)

/** An Atom feed (RFC 4287) of the blog in one language: its published articles, newest first. */
export function atomFeed(feed: Feed): string {
  const entries = feed.entries.map((entry) => {
    const updated = later(entry.updated, entry.published)
    return [
      '  <entry>',
      `    <id>urn:uuid:${escapeXml(entry.id)}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}" />`,
      `    <published>${instant(entry.published)}</published>`,
      `    <updated>${instant(updated)}</updated>`,
      `    <author><name>${escapeXml(entry.author)}</name></author>`,
      `    <summary>${escapeXml(entry.summary)}</summary>`,
      '  </entry>',
    ].join('\n')
  })
  const updated = feed.entries.map((entry) => later(entry.updated, entry.published)).reduce(later, feed.entries.length ? '1970-01-01T00:00:00Z' : feed.builtAt)
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${feed.lang}">`,
    `  <id>${escapeXml(feed.pageUrl)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}" />`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}" />`,
    `  <updated>${instant(updated)}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}
