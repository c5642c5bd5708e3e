import { childrenOf, definitionsIn, isNode, maxNodes } from './markdown-tree'
import { safeImageUrl } from './safe-urls'

/** The images a body shows, as MarkdownView would: only those from `imagesFrom` (the content bucket), each once. */
export function imageSources(tree: unknown, imagesFrom: string): string[] {
  if (!isNode(tree)) return []
  const definitions = definitionsIn(tree)
  const found = new Set<string>()
  const stack = [tree]
  for (let seen = 0; stack.length > 0 && seen < maxNodes; seen++) {
    const node = stack.pop()!
    const url = node.type === 'image' ? node.url : node.type === 'imageReference' ? definitions.get(node.identifier ?? '') : undefined
    const source = url === undefined ? null : safeImageUrl(url, imagesFrom)
    if (source) found.add(source)
    stack.push(...childrenOf(node))
  }
  return [...found]
}
