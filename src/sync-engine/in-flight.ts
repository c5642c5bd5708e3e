/**
 * Requests on their way to the server, each for some subjects, and their answers in the order they
 * land. A subject is on its way from `add` until `next` hands its answer over; the caller sends for
 * a subject only when `has` says it is not.
 */
export interface InFlight<A> {
  add(subjects: readonly string[], answer: Promise<A>): void
  has(subject: string): boolean
  /** Subjects on their way, or answered and their answer not yet taken. */
  readonly size: number
  /** Something besides an answer changed (more to send): the waiting `next`, or the coming one, returns. */
  poke(): void
  /** Forgets the pokes so far: what is planned from now on has seen what they announced. */
  hush(): void
  /** The answers landed since the last call, waiting for one (or a poke); rejects with a failed request's error. */
  next(): Promise<A[]>
  /** Resolves once every request has ended, whatever it answered; answers not taken are dropped. */
  drained(): Promise<void>
}

export function inFlight<A>(): InFlight<A> {
  const subjects = new Set<string>()
  const requests = new Set<Promise<void>>()
  let landed: { subjects: readonly string[]; take: () => A }[] = []
  let poked = false
  let wake: (() => void) | undefined
  const ring = () => {
    wake?.()
    wake = undefined
  }
  return {
    add(of, answer) {
      for (const subject of of) subjects.add(subject)
      const request = answer
        .then(
          (value) => () => value,
          (error: unknown) => () => {
            throw error
          },
        )
        .then((take) => {
          requests.delete(request)
          landed.push({ subjects: of, take })
          ring()
        })
      requests.add(request)
    },
    has: (subject) => subjects.has(subject),
    get size() {
      return subjects.size
    },
    poke() {
      poked = true
      ring()
    },
    hush() {
      poked = false
    },
    async next() {
      while (landed.length === 0 && !poked) await new Promise<void>((resolve) => (wake = resolve))
      poked = false
      const taken = landed
      landed = []
      for (const { subjects: of } of taken) for (const subject of of) subjects.delete(subject)
      return taken.map(({ take }) => take())
    },
    async drained() {
      await Promise.all(requests)
    },
  }
}
