import { fromMarkdown } from 'mdast-util-from-markdown'
import { plainText, type MarkdownNode, type MarkdownTree } from './markdown-tree'

/** What a stored node keeps of mdast's: enough to render, nothing of where it came from. */
const kept = ['type', 'value', 'url', 'alt', 'title', 'identifier', 'depth', 'ordered', 'start'] as const

/** Deeper than this, a node is stored as its text: no reader follows more, and the stored tree stays flat enough to walk. */
const maxDepth = 32

type Mdast = { type: string; value?: unknown; children?: Mdast[] }

function strip(node: Mdast, depth: number): MarkdownNode {
  if (depth > maxDepth) return { type: 'text', value: plainText(node as MarkdownNode) }
  const source = node as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const key of kept) if (source[key] !== undefined) out[key] = source[key]
  if (node.children) out.children = node.children.map((child) => strip(child, depth + 1))
  return out as unknown as MarkdownNode
}

/** Parses an article's Markdown (CommonMark) into the tree stored beside it. Raw HTML stays a node of its own, which is shown as text. */
export function parseMarkdown(markdown: string): MarkdownTree {
  return strip(fromMarkdown(markdown) as Mdast, 0) as MarkdownTree
}
