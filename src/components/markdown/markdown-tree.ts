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
