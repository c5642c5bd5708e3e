import { TrackingPage } from '@/features/public/tracking/tracking-page'
import { lookupPackageByToken } from '@/remote/tracking'

export function TrackingRoute() {
  return <TrackingPage lookup={lookupPackageByToken} />
}
