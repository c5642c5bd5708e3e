/**
 * Shown when the app's own code could not load at start: a chunk gone after a deploy, or the
 * connection lost mid-load before the service worker had the app. The catalogs may be what failed,
 * so this is the one text of the app that does not go through Lingui: it says it in both languages.
 * A prerendered page stays readable and gets a notice above it; the empty shell gets the notice alone.
 */
export function showStartupFailure(error: unknown): void {
  console.error('The app could not start', error)
  const notice = document.createElement('div')
  notice.setAttribute('role', 'alert')
  notice.dataset.testid = 'startup-failure'
  notice.className = 'mx-auto my-6 max-w-xl space-y-3 rounded-2xl border border-red-300 bg-red-50 p-5 text-center text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
  const lines = [
    ['es', 'Parte de la aplicación no se pudo cargar. Revisa tu conexión y vuelve a cargar la página.'],
    ['en', 'Part of the app could not be loaded. Check your connection and reload the page.'],
  ]
  for (const [lang, text] of lines) {
    const line = document.createElement('p')
    line.lang = lang!
    line.textContent = text!
    notice.append(line)
  }
  const reload = document.createElement('button')
  reload.type = 'button'
  reload.className = 'rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800'
  reload.textContent = 'Volver a cargar · Reload'
  reload.addEventListener('click', () => location.reload())
  notice.append(reload)
  const root = document.getElementById('root')!
  if (root.childElementCount === 0) root.append(notice)
  else root.prepend(notice)
}
