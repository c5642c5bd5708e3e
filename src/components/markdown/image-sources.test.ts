import { describe, expect, it } from 'vitest'
import { imageSources } from './image-sources'
import { parseMarkdown } from './parse-markdown'

const bucket = 'https://project.supabase.co/storage/v1/object/public/content/'

describe('imageSources', () => {
  it('lists the images a body shows from the content bucket, by link or by reference, each once', () => {
    const tree = parseMarkdown(
      [`![a](${bucket}a/1.webp)`, `Text ![again](${bucket}a/1.webp) and ![ref][photo]`, `[photo]: ${bucket}a/2.jpg`, '![tracker](https://evil.example/pixel.gif)', `![escape](${bucket}../../avatars/x.jpg)`].join('\n\n'),
    )
    expect(imageSources(JSON.parse(JSON.stringify(tree)), bucket)).toEqual(expect.arrayContaining([`${bucket}a/1.webp`, `${bucket}a/2.jpg`]))
    expect(imageSources(tree, bucket)).toHaveLength(2)
  })

  it('finds nothing in what is not a tree', () => {
    expect(imageSources('<img src=x>', bucket)).toEqual([])
    expect(imageSources(null, bucket)).toEqual([])
  })
})
