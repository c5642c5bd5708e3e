import type { Plugin } from 'vite'

// React Router's production build defines its components as `var Form = React10.forwardRef(...)`
// followed by `Form.displayName = "Form"`: a call the bundler must assume has effects, and a property
// write it must keep, so every component stays in the bundle whether the app uses it or not.
const componentCall = /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm
const displayName = /^\w+\.displayName = "\w+";$/gm

/** Lets the bundler drop the React Router components the app never renders (`<Form>`, and with the app's own links, `<Link>` and its prefetching). */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'casillero:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
      handler: (code) => ({ code: code.replace(componentCall, '$1/* @__PURE__ */ $2').replace(displayName, ''), map: null }),
    },
  }
}
