/** What a slug looks like (and the server checks): lowercase letters and digits in words joined by hyphens. */
export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const maxSlugLength = 100

/** A slug made from a title: lowercase, accents removed, anything else between words turned into one hyphen. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxSlugLength)
    .replace(/^-+|-+$/g, '')
}
