import { AppShell } from './app-shell/app-shell'
import { PublicLayout } from './public-layout'
import { useAppShell } from './use-app-shell'

/** The customer's screens: in the app's shell on a phone or installed, in the website's frame elsewhere. */
export function CustomerLayout() {
  return useAppShell() ? <AppShell /> : <PublicLayout />
}
