import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import type { KeepScannerMessage } from '@/sync-engine/worker-protocol'
// Part of the package tool, not loaded with the first scan: a page that no service worker controls
// (one opened while the worker was installing) fetches what it imports from the network, and a
// dialog that failed to load offline would take the screen, and the form being filled in, down with
// it. ZXing, the heavy part, loads with the first scan; when it cannot, the dialog says so.
import { CameraScanner } from './camera-scanner'

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
        <CameraScanner
          onCode={(code) => {
            close()
            onScan(code)
          }}
        />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  )
}
