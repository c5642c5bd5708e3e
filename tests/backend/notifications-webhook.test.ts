import { afterAll, beforeAll, expect, it } from 'vitest'
import type { StandIn } from '../../supabase/local/server'
import { maxPostsUnderWay, startNotificationsWebhook } from '../../supabase/local/functions/notifications-webhook'
import { startTestStandIn } from './helpers'

// The webhook shares PGlite, which answers one query at a time, with the API: a burst of
// notifications (an import of packages) must go out a bounded number at a time, not all at once.

let standIn: StandIn
beforeAll(async () => {
  standIn = await startTestStandIn()
})
afterAll(async () => {
  await standIn?.close()
})

it('a burst of notifications for hundreds of customers is posted a few at a time, each once, while the database still answers', async () => {
  const customers = 100
  const abort = new AbortController()
  const posted: string[] = []
  let underWay = 0
  let mostUnderWay = 0
  const held: (() => void)[] = []
  let letThrough = false
  const webhook = await startNotificationsWebhook({
    db: standIn.db,
    functionUrl: 'http://webhook.test/send-push',
    signal: abort.signal,
    log: () => {},
    // A push service that answers only when the test lets it.
    send: async (request) => {
      const { record } = (await request.json()) as { record: { id: string } }
      underWay++
      mostUnderWay = Math.max(mostUnderWay, underWay)
      if (!letThrough) await new Promise<void>((resolve) => held.push(resolve))
      underWay--
      posted.push(record.id)
      return new Response('{}')
    },
  })
  try {
    const { rows: users } = await standIn.db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'burst-' || gen_random_uuid() || '@example.com', now(), now()
       from generate_series(1, $1::int) returning id`,
      [customers],
    )
    const { rows: notifications } = await standIn.db.query<{ id: string }>(
      `insert into public.notifications (user_id, kind, source) select id, 'package_received', 'burst-' || id from unnest($1::uuid[]) as id returning id`,
      [users.map((user) => user.id)],
    )

    // A few posts are held; the others wait their turn, and the database answers meanwhile.
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(maxPostsUnderWay)
    expect((await standIn.db.query('select 1 as answered')).rows).toEqual([{ answered: 1 }])

    // The push service answers from now on: all of them go, each once.
    letThrough = true
    held.splice(0).forEach((answer) => answer())
    await expect.poll(() => posted.length, { timeout: 30_000 }).toBe(customers)
    expect(mostUnderWay).toBe(maxPostsUnderWay)
    expect(new Set(posted)).toEqual(new Set(notifications.map((notification) => notification.id)))
  } finally {
    letThrough = true
    held.splice(0).forEach((answer) => answer())
    await webhook.close()
    abort.abort()
  }
})
