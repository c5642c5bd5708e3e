import { coverUrl } from '@/remote/content'

/** An article's cover (400×240 in the list's grid), or nothing when it has none. */
export function ArticleCover({ path, alt, lazy = false, className }: { path: string | null; alt: string; lazy?: boolean; className: string }) {
  if (!path) return null
  return <img src={coverUrl(path)} alt={alt} width={400} height={240} loading={lazy ? 'lazy' : undefined} className={className} />
}
