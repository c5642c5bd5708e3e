import { resolve } from 'node:path'
import { rolldown, type RolldownPlugin } from 'rolldown'
import { describe, expect, it } from 'vitest'
import { reactRouterTreeShaking } from '../../scripts/build/react-router-tree-shaking'

const reactRouter = resolve('node_modules/react-router/dist/production/index.mjs')

/** The minified bundle of an app that uses React Router's data router and links, but no `<Form>`. */
async function bundle(plugins: RolldownPlugin[]): Promise<string> {
  const app = 'virtual:app'
  const build = await rolldown({
    input: app,
    external: ['react', 'react-dom'],
    plugins: [
      ...plugins,
      {
        name: 'app',
        resolveId: (id) => (id === app ? id : id === 'react-router' ? reactRouter : null),
        load: (id) => (id === app ? `import { createBrowserRouter, RouterProvider, useHref } from 'react-router'; export { createBrowserRouter, RouterProvider, useHref }` : null),
      },
    ],
  })
  const { output } = await build.generate({ format: 'esm', minify: true })
  return output[0].code
}

describe('React Router tree shaking', () => {
  it('drops the components an app never renders, in the installed React Router', async () => {
    // Only `<Link>` and `<Form>` mark their elements this way.
    const linkOrForm = 'data-discover'
    expect((await bundle([])).includes(linkOrForm)).toBe(true)
    const shaken = await bundle([reactRouterTreeShaking() as RolldownPlugin])
    expect(shaken.includes(linkOrForm)).toBe(false)
    expect(shaken).toMatch(/export\s*\{[^}]*as RouterProvider/)
  })
})
