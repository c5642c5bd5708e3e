// The Edge Functions' answers: JSON, refusals with a stable key (the device's texts are keyed by
// it), and CORS for the app's pages, which call the functions from their own origin.

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

/** `{ error: key, message, detail? }`: the key says what to show, the message is for logs and developers. */
export function refusal(status: number, key: string, message: string, detail?: Record<string, unknown>): Response {
  return json(status, { error: key, message, ...(detail && { detail }) }, CORS_HEADERS)
}

export function bearerToken(request: Request): string {
  return /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? ''
}

/** The request's JSON object body; undefined when it is not one. */
export async function jsonObject(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await request.json()
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** POST only, answering the browser's preflight: undefined when the request may go on. */
export function postOnly(request: Request): Response | undefined {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS })
  if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'POST only' }, { Allow: 'POST, OPTIONS', ...CORS_HEADERS })
  return undefined
}

/** Compares in time that does not depend on where the two differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i += 1) difference |= (a[i] ?? 0) ^ b[i]!
  return difference === 0
}
