import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { create } from 'zustand'
import type { UploadOp } from '@/local-db/db'
import { forgetUploadProgress, reportUploadProgress } from '@/stores/upload-progress-store'
import { renderScreen } from '../../../tests/unit/render'
import { QueuedUploads } from './queued-uploads'

const op = (opId: string, name: string, size: number, state: UploadOp['state'] = 'pending'): UploadOp => ({
  opId,
  userId: 'user-1',
  state,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: state === 'failed' ? 'The object exceeded the maximum allowed size' : null,
  // As Storage answers a file too large: its own status code, which names it for the reader.
  lastErrorKey: state === 'failed' ? { code: '413', hint: null, details: null } : null,
  createdAt: new Date().toISOString(),
  kind: 'upload-file',
  target: 'prealert-document',
  prealertId: 'prealert-1',
  bucket: 'documents',
  path: `user-1/${opId}.pdf`,
  name,
  contentType: 'application/pdf',
  size,
})

/** The row's queue as the screen reads it: a test moves it on as the outbox would. */
const useQueue = create<UploadOp[]>(() => [])
function Queue() {
  return <QueuedUploads queued={useQueue()} label="All invoices being uploaded" />
}

const bar = (name: string) => screen.getByRole('progressbar', { name })

describe('queued files’ progress', () => {
  it('shows each file’s bar and, for several, how far they are all together, never running backwards as files finish', async () => {
    useQueue.setState([op('a', 'amazon.pdf', 1_000_000), op('b', 'ebay.pdf', 3_000_000)], true)
    renderScreen(<Queue />)
    expect(bar('Upload of amazon.pdf').getAttribute('aria-valuenow')).toBe('0')
    expect(bar('All invoices being uploaded').getAttribute('aria-valuenow')).toBe('0')
    expect(screen.getByText('0 of 2 files sent')).toBeTruthy()

    act(() => reportUploadProgress('a', 500_000, 1_000_000))
    expect(bar('Upload of amazon.pdf').getAttribute('aria-valuenow')).toBe('50')
    expect(bar('Upload of amazon.pdf').getAttribute('aria-valuetext')).toBe('500 kB of 1 MB sent')
    expect(screen.getByText('amazon.pdf (1 MB): uploading.')).toBeTruthy()
    expect(bar('All invoices being uploaded').getAttribute('aria-valuenow')).toBe('13')

    // Sent and listed: it leaves the queue, and still counts as sent.
    act(() => {
      forgetUploadProgress('a')
      useQueue.setState([op('b', 'ebay.pdf', 3_000_000)], true)
      reportUploadProgress('b', 1_500_000, 3_000_000)
    })
    expect(screen.queryByRole('progressbar', { name: 'Upload of amazon.pdf' })).toBeNull()
    expect(bar('All invoices being uploaded').getAttribute('aria-valuenow')).toBe('63')
    expect(screen.getByText('1 of 2 files sent')).toBeTruthy()

    // Nothing waiting: no bars; the next file starts a count of its own.
    act(() => useQueue.setState([], true))
    expect(screen.queryAllByRole('progressbar')).toEqual([])
    act(() => useQueue.setState([op('c', 'walmart.pdf', 1_000_000)], true))
    expect(bar('Upload of walmart.pdf').getAttribute('aria-valuenow')).toBe('0')
    expect(screen.queryByRole('progressbar', { name: 'All invoices being uploaded' })).toBeNull()
  })

  it('counts a refused file for nothing, and says why it was refused, in Spanish too', () => {
    useQueue.setState([op('d', 'grande.pdf', 20_000_000, 'failed'), op('e', 'factura.pdf', 2_000_000), op('f', 'otra.pdf', 2_000_000)], true)
    renderScreen(<Queue />, { lang: 'es' })
    act(() => reportUploadProgress('e', 2_000_000, 2_000_000))
    expect(screen.getByText('0 de 2 archivos enviados')).toBeTruthy()
    expect(bar('Subida de factura.pdf').getAttribute('aria-valuetext')).toBe('2 MB de 2 MB enviados')
    expect(bar('All invoices being uploaded').getAttribute('aria-valuenow')).toBe('50')
    expect(screen.getByRole('alert').textContent).toContain('grande.pdf no fue aceptado: El archivo es demasiado grande.')
  })
})
