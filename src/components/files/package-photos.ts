import type { LocalPackage } from '@/local-db/queries'

/** The photos listed in a package's meta (paths in the package-photos bucket), each once. */
export function photosOf(pkg: Pick<LocalPackage, 'meta'>): string[] {
  const photos = pkg.meta?.photos
  return Array.isArray(photos) ? [...new Set(photos.filter((path): path is string => typeof path === 'string'))] : []
}
