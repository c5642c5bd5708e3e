// The stand-in's requests and responses as the Web API's Request and Response, which an Edge
// Function's handler takes and gives.
import { MAX_BODY_BYTES, type HttpRequest, type HttpResponse } from '../http'

export async function toWebRequest(request: HttpRequest): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item)
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(request.url, { method: request.method, headers, body: hasBody ? new Uint8Array(await request.bytes(MAX_BODY_BYTES)) : undefined })
}

export async function fromWebResponse(response: Response): Promise<HttpResponse> {
  // Hosted, the function answers CORS itself; here the server does for every service (cors.ts), and
  // the function's headers would add a second Access-Control-Allow-Origin, which browsers refuse.
  const headers = [...response.headers].filter(([name]) => !name.startsWith('access-control-'))
  return { status: response.status, headers: Object.fromEntries(headers), body: new Uint8Array(await response.arrayBuffer()) }
}
