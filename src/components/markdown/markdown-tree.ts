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
