import { describe, expect, it } from 'vitest'
import { inFlight } from './in-flight'

/** A request whose answer comes when the test says. */
function request<T>() {
  let answer!: (value: T) => void
  let fail!: (error: Error) => void
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve
    fail = reject
  })
  return { promise, answer, fail }
}

describe('inFlight', () => {
  it('hands answers over as they land, in that order; a subject is on its way until its answer is taken', async () => {
    const flights = inFlight<string>()
    const slow = request<string>()
    const quick = request<string>()
    flights.add(['photo'], slow.promise)
    flights.add(['status-a', 'status-b'], quick.promise)
    expect(flights.size).toBe(3)

    quick.answer('batch')
    await quick.promise
    expect(flights.has('status-a')).toBe(true)
    expect(await flights.next()).toEqual(['batch'])
    expect(flights.has('status-a')).toBe(false)
    expect(flights.has('photo')).toBe(true)

    const waiting = flights.next()
    slow.answer('stored')
    expect(await waiting).toEqual(['stored'])
    expect(flights.size).toBe(0)
  })

  it('a poke wakes the waiting next with no answers; pokes made before hush are forgotten', async () => {
    const flights = inFlight<string>()
    flights.add(['photo'], request<string>().promise)
    const waiting = flights.next()
    flights.poke()
    expect(await waiting).toEqual([])

    flights.poke()
    flights.hush()
    const photo = request<string>()
    flights.add(['photo-2'], photo.promise)
    const next = flights.next()
    photo.answer('stored')
    // Not the forgotten poke's empty hand: the answer that came after it.
    expect(await next).toEqual(['stored'])
  })

  it('a failed request rejects next; drained waits for every request, its answer dropped', async () => {
    const flights = inFlight<string>()
    const failing = request<string>()
    const other = request<string>()
    flights.add(['a'], failing.promise)
    flights.add(['b'], other.promise)
    failing.fail(new Error('the database is gone'))
    await expect(flights.next()).rejects.toThrow('the database is gone')

    let drained = false
    const draining = flights.drained().then(() => (drained = true))
    await Promise.resolve()
    expect(drained).toBe(false)
    other.answer('late')
    await draining
    expect(drained).toBe(true)
  })
})
