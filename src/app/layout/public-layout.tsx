import { PageFrame } from './page-frame'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** The website's frame: its header and footer around the page. */
export function PublicLayout() {
  return <PageFrame header={<SiteHeader />} footer={<SiteFooter />} />
}
