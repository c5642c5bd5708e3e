import { describe, expect, it, vi } from 'vitest'

const createSupabase = vi.fn()
vi.mock('./create-client', () => ({ createSupabase }))
const { getSupabase } = await import('./client')

describe('the page’s supabase-js client', () => {
  it('is created once, and a failed creation is tried again on the next call rather than kept', async () => {
    createSupabase.mockImplementationOnce(() => {
      throw new Error('storage is not available')
    })
    await expect(getSupabase()).rejects.toThrow('storage is not available')
    const client = { auth: {} }
    createSupabase.mockReturnValue(client)
    expect(await getSupabase()).toBe(client)
    expect(await getSupabase()).toBe(client)
    expect(createSupabase).toHaveBeenCalledTimes(2)
  })
})
