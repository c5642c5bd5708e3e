import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// The admin's working set (20261126100000_admin_working_set), on PGlite and PostgreSQL 15: what an
// admin's pulls send (open rows, rows changed in the last 30 days, the admins), what they leave on
// the server (rows closed and unchanged for longer), that customers still pull their whole history,
// and the search over the whole history.

type User = JwtClaims & { sub: string }
interface Page {
  checkpoint: string | null
  has_more: boolean
  [rows: string]: unknown
}

const rowsOf = (page: Page) => Object.values(page).find(Array.isArray) as { id: string; deleted_at?: string | null }[]

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let oldCustomer: User
  let recentCustomer: User
  const ids: Record<string, string> = {}

  /** Sets a row's dates in the past, as a restore of old data would (the stamping triggers off). */
  async function age(table: 'packages' | 'profiles' | 'prealerts' | 'shipments', id: string, days: number) {
    const trigger = { packages: 'packages_stamp', profiles: 'guard_profile_update', prealerts: 'prealerts_stamp', shipments: 'shipments_stamp' }[table]
    await db.owner(`alter table public.${table} disable trigger ${trigger}`)
    await db.owner(`update public.${table} set updated_at = now() - make_interval(days => $2), created_at = now() - make_interval(days => $2 + 10) where id = $1`, [id, days])
    await db.owner(`alter table public.${table} enable trigger ${trigger}`)
  }

  const insertPackage = async (userId: string, tracking: string, status = 'recibido') =>
    (await db.owner<{ id: string }>(`insert into public.packages (user_id, tracking_code, status) values ($1, $2, $3) returning id`, [userId, tracking, status]))[0]!.id

  /** Every page of a pull, from the start, as `user`. */
  async function pullAll(user: User, pull: string, pageSize = 2, part: 'open' | 'closed' | null = null): Promise<string[]> {
    const ids: string[] = []
    let since: string | null = null
    for (;;) {
      const [{ page }] = (await db.as(user)<{ page: Page }>(part ? `select public.${pull}($1, $2, $3) as page` : `select public.${pull}($1, $2) as page`, part ? [since, pageSize, part] : [since, pageSize])) as [{ page: Page }]
      ids.push(...rowsOf(page).map((row) => row.id))
      since = page.checkpoint
      if (!page.has_more) return ids
    }
  }

  beforeAll(async () => {
    db = await open()
    admin = await createApiUser(db, true)
    oldCustomer = await createApiUser(db)
    recentCustomer = await createApiUser(db)
    await db.owner(`update public.profiles set full_name = 'Olga Antigua' where id = $1`, [oldCustomer.sub])
    ids.oldDelivered = await insertPackage(oldCustomer.sub, 'OLDTRACK0001', 'entregado')
    ids.oldDelivered2 = await insertPackage(oldCustomer.sub, 'OLDTRACK0002', 'entregado')
    ids.oldOpen = await insertPackage(oldCustomer.sub, 'OLDTRACK0003', 'recibido')
    ids.recentDelivered = await insertPackage(recentCustomer.sub, 'NEWTRACK0001', 'entregado')
    ids.recentOpen = await insertPackage(recentCustomer.sub, 'NEWTRACK0002', 'transito')
    ids.oldDeleted = await insertPackage(recentCustomer.sub, 'GONETRACK001')
    await db.owner(`update public.packages set deleted_at = now() where id = $1`, [ids.oldDeleted])
    for (const id of [ids.oldDelivered, ids.oldDelivered2, ids.oldOpen, ids.oldDeleted]) await age('packages', id!, 200)
    await age('profiles', oldCustomer.sub, 300)
  })

  afterAll(async () => {
    await db?.close()
  })

  it('an admin pulls the open packages and those changed in the last 30 days, page after page, and nothing older', async () => {
    const pulled = await pullAll(admin, 'pull_packages')
    expect(pulled).toEqual(expect.arrayContaining([ids.oldOpen, ids.recentDelivered, ids.recentOpen]))
    expect(pulled).not.toContain(ids.oldDelivered)
    expect(pulled).not.toContain(ids.oldDelivered2)
    expect(pulled).not.toContain(ids.oldDeleted)
    expect(new Set(pulled).size).toBe(pulled.length)
  })

  it('a customer still pulls their whole history', async () => {
    expect((await pullAll(oldCustomer, 'pull_packages')).sort()).toEqual([ids.oldDelivered, ids.oldDelivered2, ids.oldOpen].sort())
  })

  it('a package that leaves the open set is sent as changed, and a later change brings an old one back', async () => {
    const [{ page: before }] = (await db.as(admin)<{ page: Page }>(`select public.pull_packages(null, 1000) as page`)) as [{ page: Page }]
    await db.owner(`update public.packages set status = 'entregado' where id = $1`, [ids.recentOpen])
    await db.owner(`update public.packages set meta = '{"note": "found"}' where id = $1`, [ids.oldDelivered2])
    const [{ page: after }] = (await db.as(admin)<{ page: Page }>(`select public.pull_packages($1, 1000) as page`, [before.checkpoint])) as [{ page: Page }]
    expect(rowsOf(after).map((row) => row.id).sort()).toEqual([ids.recentOpen, ids.oldDelivered2].sort())
  })

  it("an admin's full profiles are the admins'; get_profiles sends a customer's when the admin opens them", async () => {
    const pulled = await pullAll(admin, 'pull_profiles')
    expect(pulled).toContain(admin.sub)
    expect(pulled).not.toContain(recentCustomer.sub)
    expect(pulled).not.toContain(oldCustomer.sub)
    const [{ found }] = (await db.as(admin)<{ found: { profiles: { id: string; locker_code: string; email: string }[] } }>(`select public.get_profiles($1) as found`, [[oldCustomer.sub]])) as [
      { found: { profiles: { id: string; locker_code: string; email: string }[] } },
    ]
    expect(found.profiles).toEqual([expect.objectContaining({ id: oldCustomer.sub, email: `${oldCustomer.sub}@example.test`, locker_code: expect.stringMatching(/^MIA\d{6}$/) })])
    // A customer gets only themselves, whatever they ask for.
    const [{ found: theirs }] = (await db.as(recentCustomer)<{ found: { profiles: { id: string }[] } }>(`select public.get_profiles($1) as found`, [[oldCustomer.sub, recentCustomer.sub]])) as [
      { found: { profiles: { id: string }[] } },
    ]
    expect(theirs.profiles.map((profile) => profile.id)).toEqual([recentCustomer.sub])
  })

  it('a customer still pulls their own profile, however old', async () => {
    expect(await pullAll(oldCustomer, 'pull_profiles')).toEqual([oldCustomer.sub])
  })

  it('prealerts: an admin pulls the announced ones and those changed lately, not old received ones', async () => {
    const insert = async (code: string) =>
      (await db.owner<{ id: string }>(
        `insert into public.prealerts (user_id, tracking_code, store, description, declared_value_usd) values ($1, $2, 'Store', 'Thing', 10) returning id`,
        [oldCustomer.sub, code],
      ))[0]!.id
    const announced = await insert('PREOPEN00001')
    const received = await insert('PRERECV00001')
    await db.owner(`update public.prealerts set state = 'received' where id = $1`, [received])
    await age('prealerts', announced, 100)
    await age('prealerts', received, 100)
    const pulled = await pullAll(admin, 'pull_prealerts')
    expect(pulled).toContain(announced)
    expect(pulled).not.toContain(received)
    expect(await pullAll(oldCustomer, 'pull_prealerts')).toEqual(expect.arrayContaining([announced, received]))
  })

  describe('the working set in two parts', () => {
    it('the open part sends the open packages, the closed part what closed lately, and both together what a pull without a part sends', async () => {
      const open = await pullAll(admin, 'pull_packages', 2, 'open')
      const closed = await pullAll(admin, 'pull_packages', 2, 'closed')
      expect(open).toEqual(expect.arrayContaining([ids.oldOpen]))
      expect(open).not.toContain(ids.recentDelivered)
      expect(closed).toContain(ids.recentDelivered)
      expect(closed).not.toContain(ids.oldOpen)
      expect(closed).not.toContain(ids.oldDelivered)
      expect([...open, ...closed].sort()).toEqual((await pullAll(admin, 'pull_packages')).sort())
    })

    it('a package that closes after both parts were pulled comes with the closed part, and only there', async () => {
      const checkpoint = async (part: 'open' | 'closed') =>
        ((await db.as(admin)<{ page: Page }>(`select public.pull_packages(null, 1000, $1) as page`, [part])) as [{ page: Page }])[0].page.checkpoint
      const [openSince, closedSince] = [await checkpoint('open'), await checkpoint('closed')]
      const closing = await insertPackage(recentCustomer.sub, 'CLOSING00001', 'disponible')
      const after = async (part: 'open' | 'closed', since: string | null) =>
        rowsOf(((await db.as(admin)<{ page: Page }>(`select public.pull_packages($1, 1000, $2) as page`, [since, part])) as [{ page: Page }])[0].page).map((row) => row.id)
      expect(await after('open', openSince)).toEqual([closing])
      await db.owner(`update public.packages set status = 'entregado' where id = $1`, [closing])
      expect(await after('open', openSince)).toEqual([])
      expect(await after('closed', closedSince)).toEqual([closing])
    })

    it('prealerts and shipments have the same parts', async () => {
      for (const pull of ['pull_prealerts', 'pull_shipments']) {
        const open = await pullAll(admin, pull, 50, 'open')
        const closed = await pullAll(admin, pull, 50, 'closed')
        expect(new Set([...open, ...closed])).toEqual(new Set(await pullAll(admin, pull, 50)))
        expect(open.filter((id) => closed.includes(id))).toEqual([])
      }
    })

    it('a customer pulls all their own rows whatever the part, and an unknown part is refused', async () => {
      const theirs = (await pullAll(oldCustomer, 'pull_packages')).sort()
      expect((await pullAll(oldCustomer, 'pull_packages', 2, 'closed')).sort()).toEqual(theirs)
      expect(await db.attempt(admin, (query) => query(`select public.pull_packages(null, 10, 'everything')`))).toMatchObject({ ok: false, code: '22023' })
    })

    it('working_set_counts says how many rows each part sends; customers have none', async () => {
      const [{ counts }] = (await db.as(admin)<{ counts: { directory: number; open: Record<string, number>; closed: Record<string, number> } }>(
        `select public.working_set_counts() as counts`,
      )) as [{ counts: { directory: number; open: Record<string, number>; closed: Record<string, number> } }]
      for (const stream of ['packages', 'prealerts', 'shipments']) {
        expect(counts.open[stream], `open ${stream}`).toBe((await pullAll(admin, `pull_${stream}`, 1000, 'open')).length)
        expect(counts.closed[stream], `closed ${stream}`).toBe((await pullAll(admin, `pull_${stream}`, 1000, 'closed')).length)
      }
      expect(counts.directory).toBe((await db.owner<{ n: number }>(`select count(*)::int as n from public.profiles`))[0]!.n)
      expect(await db.attempt(oldCustomer, (query) => query(`select public.working_set_counts()`))).toMatchObject({ ok: false, code: '42501' })
    })
  })

  describe('pull_directory', () => {
    type Tuple = [string, string | null, string | null, string | null, string | null, string, string, string | null, string]
    interface DirectoryPage {
      customers: Tuple[]
      removed: string[]
      checkpoint: string | null
      has_more: boolean
    }
    async function directory(user: User, since: string | null = null, pageSize = 2) {
      const customers: Tuple[] = []
      const removed: string[] = []
      for (;;) {
        const [{ page }] = (await db.as(user)<{ page: DirectoryPage }>(`select public.pull_directory($1, $2) as page`, [since, pageSize])) as [{ page: DirectoryPage }]
        customers.push(...page.customers)
        removed.push(...page.removed)
        since = page.checkpoint
        if (!page.has_more) return { customers, removed, checkpoint: since }
      }
    }

    it('sends an admin every customer, however long idle, as a tuple with their locker code, page after page', async () => {
      const { customers } = await directory(admin)
      const ids = customers.map((tuple) => tuple[0])
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids).toEqual(expect.arrayContaining([admin.sub, oldCustomer.sub, recentCustomer.sub]))
      const old = customers.find((tuple) => tuple[0] === oldCustomer.sub)!
      expect(old).toEqual([oldCustomer.sub, expect.stringMatching(/^MIA\d{6}$/), `${oldCustomer.sub}@example.test`, 'Olga Antigua', null, 'basic', 'user', null, expect.any(String)])
      expect(customers.find((tuple) => tuple[0] === admin.sub)![6]).toBe('admin')
    })

    it('after its checkpoint sends a new customer and a changed one, and the removal of a deleted one; a customer gets nothing', async () => {
      const { checkpoint } = await directory(admin)
      const newcomer = await createApiUser(db)
      await db.owner(`update public.profiles set phone = '+58 412 555 0101' where id = $1`, [oldCustomer.sub])
      const leaving = await createApiUser(db)
      const { checkpoint: beforeDelete } = await directory(admin, checkpoint)
      await db.owner(`delete from auth.users where id = $1`, [leaving.sub])
      const changed = await directory(admin, checkpoint, 1000)
      expect(changed.customers.map((tuple) => tuple[0]).sort()).toEqual([newcomer.sub, oldCustomer.sub].sort())
      expect(changed.customers.find((tuple) => tuple[0] === oldCustomer.sub)![4]).toBe('+58 412 555 0101')
      expect(changed.removed).toEqual([leaving.sub])
      expect((await directory(admin, beforeDelete)).removed).toEqual([leaving.sub])
      expect(await directory(recentCustomer)).toEqual({ customers: [], removed: [], checkpoint: null })
    })
  })

  describe('search_history', () => {
    interface Found {
      packages: { id: string; events: unknown[] }[]
      profiles: { id: string }[]
      has_more: boolean
      next: { created_at: string; id: string } | null
    }
    const search = async (query: string, limit = 50, after: Found['next'] = null, user: User = admin) =>
      ((await db.as(user)<{ found: Found }>(`select public.search_history($1, $2, $3) as found`, [query, limit, after])) as [{ found: Found }])[0].found

    it('finds old packages by part of the tracking number, in any case, with their history and owner', async () => {
      const found = await search('ldtrack000')
      expect(found.packages.map((pkg) => pkg.id).sort()).toEqual([ids.oldDelivered, ids.oldDelivered2, ids.oldOpen].sort())
      expect(found.packages.every((pkg) => pkg.events.length > 0)).toBe(true)
      expect(found.profiles.map((profile) => profile.id)).toEqual([oldCustomer.sub])
    })

    it('finds a customer’s packages by locker code, email or name', async () => {
      const [{ code }] = (await db.owner<{ code: string }>(`select code from public.lockers where user_id = $1`, [oldCustomer.sub])) as [{ code: string }]
      for (const query of [code.toLowerCase(), oldCustomer.sub.slice(0, 8), 'olga ANT']) {
        const found = await search(query)
        expect(found.packages.map((pkg) => pkg.id), query).toEqual(expect.arrayContaining([ids.oldDelivered, ids.oldOpen]))
        expect(found.profiles.map((profile) => profile.id), query).toContain(oldCustomer.sub)
      }
    })

    it('pages newest first after the last row shown, and says when there is more', async () => {
      const first = await search('oldtrack', 2)
      const second = await search('oldtrack', 2, first.next)
      expect(first.has_more).toBe(true)
      expect(second).toMatchObject({ has_more: false, next: null })
      expect([...first.packages, ...second.packages].map((pkg) => pkg.id).sort()).toEqual([ids.oldDelivered, ids.oldDelivered2, ids.oldOpen].sort())
    })

    it('never lists a row twice nor skips one when packages are added or changed between pages', async () => {
      const paged: string[] = []
      for (const n of [1, 2, 3, 4, 5]) paged.push(await insertPackage(recentCustomer.sub, `PAGETRACK00${n}`))
      const first = await search('pagetrack', 2)
      await insertPackage(recentCustomer.sub, 'PAGETRACK006')
      for (const pkg of first.packages) await db.owner(`update public.packages set status = 'transito' where id = $1`, [pkg.id])
      const second = await search('pagetrack', 2, first.next)
      await db.owner(`update public.packages set meta = '{"note": "moved"}' where id = $1`, [second.packages[0]!.id])
      const third = await search('pagetrack', 2, second.next)
      const listed = [first, second, third].flatMap((page) => page.packages.map((pkg) => pkg.id))
      expect(third.has_more).toBe(false)
      expect(listed.sort()).toEqual(paged.sort())
    })

    it('refuses a cursor that is not the last row of a page', async () => {
      await expect(db.attempt(admin, (query) => query(`select public.search_history('oldtrack', 2, '{"id": "x"}')`))).resolves.toMatchObject({ ok: false, code: '22023' })
    })

    it('takes % and _ literally', async () => {
      expect((await search('%%%')).packages).toEqual([])
      expect((await search('OLD_TRACK')).packages).toEqual([])
    })

    it('refuses queries under 3 characters and callers who are not admins', async () => {
      await expect(db.attempt(admin, (query) => query(`select public.search_history('ol')`))).resolves.toEqual({ ok: false, code: '22023', message: 'type at least 3 characters to search the history' })
      await expect(db.attempt(oldCustomer, (query) => query(`select public.search_history('oldtrack')`))).resolves.toEqual({ ok: false, code: '42501', message: 'only staff can search the whole history' })
      await expect(db.attempt(null, (query) => query(`select public.search_history('oldtrack')`))).resolves.toMatchObject({ ok: false, code: '42501' })
    })
  })
})
