import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from './ui/button'
import { Dialog } from './ui/dialog'

/** "Cancel shipment", confirmed in a dialog that says what happens to its packages. */
export function CancelShipmentButton({ consequence, onCancel }: { consequence: string; onCancel: () => void }) {
  const { t } = useLingui()
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        <Trans>Cancel shipment</Trans>
      </Button>
      <Dialog open={confirming} title={t`Cancel this shipment?`} onClose={() => setConfirming(false)}>
        <p className="text-sm">{consequence}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            <Trans>Keep it</Trans>
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onCancel()
              setConfirming(false)
            }}
          >
            <Trans>Cancel shipment</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  )
}
