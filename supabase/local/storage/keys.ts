import { storageErrors } from './errors'

// Supabase Storage's rule for object keys (its `isValidKey`), plus what a file system path must
// never be given: `..` or empty segments, a leading slash. The path arrives percent-decoded once,
// so `%2e%2e` is `..` here and `%252e` a literal `%`, which the rule refuses.
const KEY_CHARACTERS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const MAX_KEY_LENGTH = 1024

export function checkObjectKey(key: string): string {
  const segments = key.split('/')
  const valid =
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    KEY_CHARACTERS.test(key) &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  if (!valid) throw storageErrors.invalidKey(key)
  return key
}

const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]{1,100}$/

export function checkBucketName(bucket: string): string {
  if (!BUCKET_NAME.test(bucket) || bucket === '.' || bucket === '..') throw storageErrors.bucketNotFound()
  return bucket
}

/** `<bucket>/<key…>` of a route, percent-decoded; bad encoding is a bad key. */
export function splitObjectPath(rest: string): { bucket: string; key: string } {
  const slash = rest.indexOf('/')
  if (slash < 0) throw storageErrors.invalidKey('')
  let bucket: string
  let key: string
  try {
    bucket = decodeURIComponent(rest.slice(0, slash))
    key = decodeURIComponent(rest.slice(slash + 1))
  } catch {
    throw storageErrors.invalidKey(rest.slice(slash + 1))
  }
  return { bucket: checkBucketName(bucket), key: checkObjectKey(key) }
}
