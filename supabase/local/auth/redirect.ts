// Where auth links lead: GoTrue's utilities.GetReferrer and IsRedirectURLValid.
import { BlockList, isIP } from 'node:net'
import type { HttpRequest } from '../http'
import { globToRegExp } from './glob'

export interface RedirectRules {
  siteUrl: string
  /** additional_redirect_urls, compiled. */
  allowList: RegExp[]
}

export function redirectRules(siteUrl: string, additionalRedirectUrls: string[]): RedirectRules {
  return { siteUrl, allowList: additionalRedirectUrls.map(globToRegExp) }
}

/** The request's redirect_to (header or query), else its Referer, if allowed; else the site URL. */
export function redirectTarget(rules: RedirectRules, request: HttpRequest): string {
  const requested = request.header('redirect_to') || request.url.searchParams.get('redirect_to') || ''
  if (isRedirectUrlValid(rules, requested)) return requested
  const referer = request.header('referer') ?? ''
  if (isRedirectUrlValid(rules, referer)) return referer
  return rules.siteUrl
}

const DECIMAL_HOST = /^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?\d+(?:[:/?#]|$)/i
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/
const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'])

const parseUrl = (text: string) => {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/** The URL's host without IPv6 brackets. */
const hostnameOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

const isLocalhost = (hostname: string) => LOCALHOST_NAMES.has(hostname) || hostname.endsWith('.localhost')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

export function isRedirectUrlValid(rules: RedirectRules, redirectUrl: string): boolean {
  if (redirectUrl === '') return false
  const site = parseUrl(rules.siteUrl)
  const target = parseUrl(redirectUrl)
  if (!site || !target) return false
  const hostname = hostnameOf(target)

  // Back to the site: same scheme and host, and the same port unless on localhost (RFC 8252 §7.3).
  if (hostnameOf(site) === hostname && site.protocol === target.protocol && (site.port === target.port || isLocalhost(hostname))) return true

  // A loopback address on any port, unless written as one number (the URL parser would make it dotted).
  if (DECIMAL_HOST.test(redirectUrl)) return false
  const ipVersion = isIP(hostname)
  if (ipVersion !== 0) return LOOPBACK.check(hostname, ipVersion === 4 ? 'ipv4' : 'ipv6')
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:'
  if (isHttp && !REGULAR_HOSTNAME.test(hostname)) return false

  const withoutFragment = redirectUrl.split('#')[0]!
  return rules.allowList.some((pattern) => pattern.test(withoutFragment))
}
