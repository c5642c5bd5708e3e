import { afterEach, describe, expect, it, vi } from 'vitest'
import { isStorageShort } from './storage-room'

const MB = 1024 * 1024
const withEstimate = (estimate: (() => Promise<StorageEstimate>) | undefined) => vi.stubGlobal('navigator', { ...navigator, storage: estimate && { estimate } })

describe('isStorageShort: the warning before photos are taken', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is short under 50 MB of room, not at or above it', async () => {
    withEstimate(async () => ({ quota: 500 * MB, usage: 451 * MB }))
    expect(await isStorageShort()).toBe(true)
    withEstimate(async () => ({ quota: 500 * MB, usage: 450 * MB }))
    expect(await isStorageShort()).toBe(false)
  })

  it('does not warn when the browser cannot tell', async () => {
    withEstimate(undefined)
    expect(await isStorageShort()).toBe(false)
    withEstimate(async () => ({}))
    expect(await isStorageShort()).toBe(false)
    withEstimate(() => Promise.reject(new Error('not allowed')))
    expect(await isStorageShort()).toBe(false)
  })
})
