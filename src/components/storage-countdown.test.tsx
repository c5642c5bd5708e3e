import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildRates } from '@/business-rules/rates'
import { useRatesStore } from '@/stores/rates-store'
import { renderScreen } from '../../tests/unit/render'
import { StorageCountdown } from './storage-countdown'

const arrived = (status: string, isoDate: string) => ({ status, created_at: `${isoDate}T12:00:00`, events: [] })

describe('storage countdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-04-10T12:00:00'), toFake: ['Date'] }))
  afterEach(() => {
    vi.useRealTimers()
    useRatesStore.setState({ rates: buildRates })
  })

  it('counts the days left on the plan, calmly while there are many', () => {
    renderScreen(<StorageCountdown pkg={arrived('recibido', '2026-04-01')} plan="standard" shipmentStatus={undefined} />)
    expect(screen.getByTestId('storage-countdown').textContent).toBe('36 free storage days left')
  })

  it('warns in Spanish in the last days, in the singular on the last but one', () => {
    renderScreen(<StorageCountdown pkg={arrived('disponible', '2026-03-12')} plan="basic" shipmentStatus={undefined} />, { lang: 'es' })
    expect(screen.getByTestId('storage-countdown').textContent).toBe('⚠ Queda 1 día de almacenaje gratis')
  })

  it('says when it ends today, and how long ago it ended with what a day now costs (the storage fee rate)', () => {
    renderScreen(<StorageCountdown pkg={arrived('recibido', '2026-03-11')} plan={undefined} shipmentStatus={undefined} />)
    expect(screen.getByTestId('storage-countdown').textContent).toBe('⚠ Free storage ends today')
    useRatesStore.setState({ rates: { ...buildRates, storage_fee_cents_per_day: 150 } })
    renderScreen(<StorageCountdown pkg={arrived('recibido', '2026-02-08')} plan="basic" shipmentStatus={undefined} />, { lang: 'es' })
    expect(screen.getAllByTestId('storage-countdown')[1]!.textContent).toBe('⚠ El almacenaje gratis terminó hace 31 días · $1.50 por día')
    renderScreen(<StorageCountdown pkg={arrived('recibido', '2026-03-09')} plan="basic" shipmentStatus={undefined} />)
    expect(screen.getAllByTestId('storage-countdown')[2]!.textContent).toBe('⚠ Free storage ended 2 days ago · $1.50 a day')
  })

  it('says no cost when the storage fee rate is 0', () => {
    useRatesStore.setState({ rates: { ...buildRates, storage_fee_cents_per_day: 0 } })
    renderScreen(<StorageCountdown pkg={arrived('recibido', '2026-03-09')} plan="basic" shipmentStatus={undefined} />)
    expect(screen.getByTestId('storage-countdown').textContent).toBe('⚠ Free storage ended 2 days ago')
  })

  it('shows nothing for a package leaving in a requested or processing shipment, as the reminders', () => {
    for (const shipmentStatus of ['requested', 'processing']) renderScreen(<StorageCountdown pkg={arrived('recibido', '2026-03-11')} plan="basic" shipmentStatus={shipmentStatus} />)
    expect(screen.queryByTestId('storage-countdown')).toBeNull()
    // Back at the warehouse once its shipment is cancelled: it counts down again.
    renderScreen(<StorageCountdown pkg={arrived('recibido', '2026-03-11')} plan="basic" shipmentStatus={undefined} />)
    expect(screen.getByTestId('storage-countdown').textContent).toBe('⚠ Free storage ends today')
  })

  it('shows nothing once the package has left the warehouse', () => {
    renderScreen(<StorageCountdown pkg={arrived('transito', '2026-01-01')} plan="basic" shipmentStatus={undefined} />)
    expect(screen.queryByTestId('storage-countdown')).toBeNull()
  })
})
