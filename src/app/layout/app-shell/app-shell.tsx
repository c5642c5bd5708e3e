import { PageFrame } from '../page-frame'
import { AppBar } from './app-bar'
import { TabBar } from './tab-bar'

/** The installed app's frame: a compact bar on top, the screen, and the tab bar at the thumb (room kept for it below the page). */
export function AppShell() {
  return <PageFrame header={<AppBar />} footer={<TabBar />} mainClassName="pb-[calc(4.5rem+env(safe-area-inset-bottom))]" />
}
