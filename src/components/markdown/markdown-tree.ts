/**
 * An article's body as it is stored beside its Markdown (`article_texts.body_tree`): the Markdown's
 * syntax tree (mdast) without positions, parsed where the text is written (the editor, the build),
 * so that visitors' pages render it without a parser. MarkdownView trusts none of it.
 */
export interface MarkdownNode {
  type: string
  value?: string
  url?: string
  alt?: string | null
  title?: string | null
  /** A reference's or definition's label, normalised: how `[text][label]` finds its URL. */
  identifier?: string
  depth?: number
  ordered?: boolean | null
  start?: number | null
  children?: MarkdownNode[]
}

export interface MarkdownTree extends MarkdownNode {
  type: 'root'
  children: MarkdownNode[]
}

/** A body renders (and is read) at most this many nodes; the rest is left out. */
export const maxNodes = 50_000

export const isNode = (value: unknown): value is MarkdownNode => typeof value === 'object' && value !== null && typeof (value as MarkdownNode).type === 'string'
export const childrenOf = (node: MarkdownNode): MarkdownNode[] => (Array.isArray(node.children) ? node.children.filter(isNode) : [])
export const textOf = (node: MarkdownNode): string => (typeof node.value === 'string' ? node.value : '')

/** A node's text and its descendants', without recursion. */
export function plainText(node: MarkdownNode): string {
  const parts: string[] = []
  const stack = [node]
  while (stack.length > 0) {
    const next = stack.pop()!
    parts.push(textOf(next))
    stack.push(...childrenOf(next).reverse())
  }
  return parts.join('')
}

/** Every `[label]: url` in the body, where `[text][label]` finds its URL. */
export function definitionsIn(root: MarkdownNode): Map<string, string> {
  const found = new Map<string, string>()
  const stack = [root]
  for (let seen = 0; stack.length > 0 && seen < maxNodes; seen++) {
    const node = stack.pop()!
    if (node.type === 'definition' && typeof node.identifier === 'string' && typeof node.url === 'string' && !found.has(node.identifier)) found.set(node.identifier, node.url)
    stack.push(...childrenOf(node))
  }
  return found
}
