import { afterEach, describe, expect, it, vi } from 'vitest'

const rpc = vi.fn()
vi.mock('./client', () => ({ getSupabase: async () => ({ rpc }) }))
const { lookupPackageByToken } = await import('./tracking')

const token = '00000000-0000-4000-8000-000000000003'

afterEach(() => {
  rpc.mockReset()
  vi.restoreAllMocks()
})

describe('public tracking', () => {
  it('takes anything that is not a token for what it is, without asking the server', async () => {
    for (const typed of ['abc', '00000000-0000-4000-8000-00000000000', `${token}x`, "'; drop table packages; --"]) {
      expect(await lookupPackageByToken(typed)).toEqual({ kind: 'invalid-token' })
    }
    expect(rpc).not.toHaveBeenCalled()
  })

  it('never hands the database’s words to the visitor: they are logged, the app says its own', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    rpc.mockResolvedValue({ data: null, status: 400, error: { code: '22P02', message: 'invalid input syntax for type uuid: "x"' } })
    expect(await lookupPackageByToken(token)).toEqual({ kind: 'invalid-token' })
    rpc.mockResolvedValue({ data: null, status: 500, error: { code: 'XX000', message: 'could not open relation with OID 16384' } })
    expect(await lookupPackageByToken(token)).toEqual({ kind: 'exception' })
    expect(logged).toHaveBeenCalledWith('Tracking lookup failed', expect.objectContaining({ message: 'could not open relation with OID 16384' }))
  })

  it('finds a package, or says none was found', async () => {
    const pkg = { status: 'transito', locker_code: 'MIA100002', tracking_code: null, weight_kg: 2, volume_m3: null, updated_at: '2026-11-01T10:00:00Z' }
    rpc.mockResolvedValue({ data: [pkg], status: 200, error: null })
    expect(await lookupPackageByToken(token)).toEqual({ kind: 'found', package: pkg })
    rpc.mockResolvedValue({ data: [], status: 200, error: null })
    expect(await lookupPackageByToken(token)).toEqual({ kind: 'not-found' })
  })
})
