import type { ReactNode } from 'react'
import { childrenOf, definitionsIn, isNode, maxNodes, plainText, textOf, type MarkdownNode } from './markdown-tree'
import { safeImageUrl, safeLink } from './safe-urls'

/** Deeper than this, a node shows as its plain text: nesting a reader can follow, and a stack that never overflows. */
const maxDepth = 24

interface Rendering {
  imagesFrom: string
  definitions: Map<string, string>
  nodes: number
}

function renderChildren(node: MarkdownNode, rendering: Rendering, depth: number): ReactNode[] {
  return childrenOf(node).map((child, index) => render(child, rendering, depth + 1, index))
}

function render(node: MarkdownNode, rendering: Rendering, depth: number, key: number): ReactNode {
  if (++rendering.nodes > maxNodes) return null
  if (depth > maxDepth) return plainText(node)
  const children = () => renderChildren(node, rendering, depth)
  switch (node.type) {
    case 'root':
      return children()
    case 'paragraph':
      return <p key={key}>{children()}</p>
    case 'heading': {
      // The page's title is its h1: the body's headings start one below.
      const level = Math.min(6, Math.max(2, (typeof node.depth === 'number' ? node.depth : 1) + 1))
      const Heading = `h${level}` as 'h2'
      return <Heading key={key}>{children()}</Heading>
    }
    case 'emphasis':
      return <em key={key}>{children()}</em>
    case 'strong':
      return <strong key={key}>{children()}</strong>
    case 'delete':
      return <del key={key}>{children()}</del>
    case 'inlineCode':
      return <code key={key}>{textOf(node)}</code>
    case 'code':
      return (
        <pre key={key}>
          <code>{textOf(node)}</code>
        </pre>
      )
    case 'blockquote':
      return <blockquote key={key}>{children()}</blockquote>
    case 'list': {
      if (node.ordered) {
        const start = Number.isSafeInteger(node.start) ? (node.start as number) : undefined
        return (
          <ol key={key} start={start}>
            {children()}
          </ol>
        )
      }
      return <ul key={key}>{children()}</ul>
    }
    case 'listItem':
      return <li key={key}>{children()}</li>
    case 'thematicBreak':
      return <hr key={key} />
    case 'break':
      return <br key={key} />
    case 'link':
    case 'linkReference': {
      const target = safeLink(node.type === 'link' ? node.url : rendering.definitions.get(node.identifier ?? ''))
      if (!target) return <span key={key}>{children()}</span>
      return (
        <a key={key} href={target.href} rel={target.external ? 'noopener noreferrer' : undefined}>
          {children()}
        </a>
      )
    }
    case 'image':
    case 'imageReference': {
      const alt = typeof node.alt === 'string' ? node.alt : ''
      const source = safeImageUrl(node.type === 'image' ? node.url : rendering.definitions.get(node.identifier ?? ''), rendering.imagesFrom)
      return source ? <img key={key} src={source} alt={alt} loading="lazy" decoding="async" /> : alt
    }
    case 'definition':
      return null
    // Raw HTML is shown as the text it is; anything else unknown, as its content.
    default:
      return node.children ? <span key={key}>{children()}</span> : textOf(node) || null
  }
}

/**
 * An article's body from its stored tree (markdown-tree.ts), trusting nothing in it: raw HTML shows
 * as text, links lead only to http(s), mailto and this site's paths, images come only from
 * `imagesFrom` (the content bucket's public folder, ending in '/'), and a deep or huge tree renders
 * bounded. React escapes every text.
 */
export function MarkdownView({ tree, imagesFrom }: { tree: unknown; imagesFrom: string }) {
  if (!isNode(tree)) return null
  return <>{render(tree, { imagesFrom, definitions: definitionsIn(tree), nodes: 0 }, 0, 0)}</>
}
