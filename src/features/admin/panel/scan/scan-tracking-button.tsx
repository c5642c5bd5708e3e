import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useState } from 'react'
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import type { KeepScannerMessage } from '@/sync-engine/worker-protocol'

// The camera code loads with the first scan, not with the package tool.
const CameraScanner = lazy(async () => ({ default: (await import('./camera-scanner')).CameraScanner }))

/** Opens the camera to read a label's barcode; `onScan` gets the code and the dialog closes. */
export function ScanTrackingButton({ onScan }: { onScan: (code: string) => void }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    // The service worker keeps the scanner's reader from now on, so scanning works offline.
    const message: KeepScannerMessage = { type: 'KEEP_SCANNER', url: zxingReaderWasm }
    void navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage(message))
  }, [])
  const close = () => setOpen(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Trans>Scan code</Trans>
      </Button>
      <Dialog open={open} title={t`Scan a barcode`} onClose={close}>
        <Suspense fallback={<p role="status">{t`Starting the camera…`}</p>}>
          <CameraScanner
            onCode={(code) => {
              close()
              onScan(code)
            }}
          />
        </Suspense>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  )
}
