import type { Plugin } from 'vite'
import { defaultLang } from '../../src/i18n/locales.ts'

/**
 * `/` has no page of its own: the app sends it to `/es`, but only once its script runs, so a link
 * preview or a visitor without JavaScript would get the empty shell for the address people share
 * most. `vite preview` (`npm start`) redirects it as the host should, keeping the query.
 */
export function redirectRootToDefaultLang(): Plugin {
  return {
    name: 'casillero:redirect-root',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://host')
        if (url.pathname !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) return next()
        response.statusCode = 302
        response.setHeader('Location', `/${defaultLang}${url.search}`)
        response.end()
      })
    },
  }
}
