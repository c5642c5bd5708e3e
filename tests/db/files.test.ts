import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { createApiUser, engines, type Engine } from './engines.ts'

// Photos, documents and profile photos on PGlite and PostgreSQL 15: add_package_photo,
// attach_document and set_avatar list a stored object on its row once, however often they are
// called (a replay after a lost answer), and refuse what is not the caller's, not stored, or not
// where the device must put it. The objects are inserted as the database owner, as Storage does.

type User = JwtClaims & { sub: string }

const invalid = (message: string) => ({ ok: false, code: '22023', message })
const notFound = (message: string) => ({ ok: false, code: 'PT404', message })

describe.each(engines)('$engine', ({ open }) => {
  let db: Engine
  let admin: User
  let customer: User
  let other: User

  const store = async (bucket: string, name: string, mimetype = 'image/jpeg') =>
    db.owner(`insert into storage.objects (bucket_id, name, metadata) values ($1, $2, jsonb_build_object('mimetype', $3::text, 'size', 10))`, [bucket, name, mimetype])
  const pkg = async (user: User) => (await db.owner<{ id: string }>(`insert into public.packages (user_id, tracking_code) values ($1, $2) returning id`, [user.sub, `PHOTO-${randomUUID().slice(0, 8)}`]))[0]!.id
  const prealert = async (user: User) => {
    const id = randomUUID()
    await db.as(user)(`select public.save_prealert($1, $2, $3, 'Amazon', 'Shoes', 10, null)`, [randomUUID(), id, `DOC-${randomUUID().slice(0, 8).toUpperCase()}`])
    return id
  }
  const shipment = async (user: User, status = 'requested') =>
    (
      await db.owner<{ id: string }>(
        `insert into public.shipments (user_id, status, service, options, address, declared_total_cents, estimate_cents, estimate)
         values ($1, $2, 'standard', '{"insurance": false, "repack": false, "remove_invoices": false, "extra_protection": false}', '{}', 0, 0, '{}') returning id`,
        [user.sub, status],
      )
    )[0]!.id

  const addPhoto = (caller: User, packageId: string, path: string) =>
    db.attempt(caller, async (query) => (await query<{ result: { package: { meta: { photos: string[] }; version: number }; previous_version: number } }>(`select public.add_package_photo($1, $2) as result`, [packageId, path]))[0]!.result)
  const attach = (caller: User, target: string, id: string, path: string, name = 'invoice.pdf') =>
    db.attempt(caller, async (query) => (await query<{ result: { documents: { path: string; name: string; type: string }[] } }>(`select public.attach_document($1, $2, $3, $4) as result`, [target, id, path, name]))[0]!.result)
  const setAvatar = (caller: User, path: string) => db.attempt(caller, async (query) => (await query<{ result: { avatar_path: string; locker_code: string } }>(`select public.set_avatar($1) as result`, [path]))[0]!.result)

  beforeAll(async () => {
    db = await open()
    for (const bucket of ['package-photos', 'documents', 'avatars']) await db.owner(`insert into storage.buckets (id, name) values ($1, $1) on conflict do nothing`, [bucket])
    admin = await createApiUser(db, true)
    customer = await createApiUser(db)
    other = await createApiUser(db)
  }, 60_000)
  afterAll(() => db?.close())

  describe('add_package_photo', () => {
    it('lists a stored photo once, however often it is called, and says which version it built on', async () => {
      const id = await pkg(customer)
      const path = `${id}/${randomUUID()}.jpg`
      await store('package-photos', path)
      const first = await db.as(admin)<{ result: { package: { meta: { photos: string[] }; version: number }; previous_version: number } }>(`select public.add_package_photo($1, $2) as result`, [id, path])
      expect(first[0]!.result.package.meta.photos).toEqual([path])
      expect(first[0]!.result.previous_version).toBe(first[0]!.result.package.version - 1)
      const replay = await addPhoto(admin, id, path)
      expect(replay).toMatchObject({ ok: true, value: { package: { meta: { photos: [path] }, version: first[0]!.result.package.version }, previous_version: first[0]!.result.package.version } })
    })

    it('keeps what else the meta says', async () => {
      const id = await pkg(customer)
      await db.owner(`update public.packages set meta = '{"store": "Amazon", "photos": "not a list"}' where id = $1`, [id])
      const path = `${id}/${randomUUID()}.jpg`
      await store('package-photos', path)
      expect(await addPhoto(admin, id, path)).toMatchObject({ ok: true, value: { package: { meta: { store: 'Amazon', photos: [path] } } } })
    })

    it('refuses customers, paths not of the package, photos not stored and packages that do not exist', async () => {
      const id = await pkg(customer)
      const path = `${id}/${randomUUID()}.jpg`
      await store('package-photos', path)
      expect(await addPhoto(customer, id, path)).toMatchObject({ ok: false, code: '42501', message: 'only staff can add photos to a package' })
      const elsewhere = `${randomUUID()}/${randomUUID()}.jpg`
      expect(await addPhoto(admin, id, elsewhere)).toEqual(invalid(`a package photo is stored as <package id>/<photo id>.jpg, not ${elsewhere}`))
      expect(await addPhoto(admin, id, `${id}/../${randomUUID()}.jpg`)).toMatchObject({ ok: false, code: '22023' })
      const missing = `${id}/${randomUUID()}.jpg`
      expect(await addPhoto(admin, id, missing)).toEqual(notFound(`photo ${missing} has not been uploaded`))
      const gone = randomUUID()
      expect(await addPhoto(admin, gone, `${gone}/${randomUUID()}.jpg`)).toEqual(notFound(`package ${gone} not found`))
    })
  })

  describe('attach_document', () => {
    it("lists a customer's stored invoice on their prealert and their shipment once, with its name and type", async () => {
      const prealertId = await prealert(customer)
      const path = `${customer.sub}/${randomUUID()}.pdf`
      await store('documents', path, 'application/pdf')
      const once = await attach(customer, 'prealert', prealertId, path, '  Factura Amazon.pdf ')
      expect(once).toMatchObject({ ok: true, value: { documents: [{ path, name: 'Factura Amazon.pdf', type: 'application/pdf' }] } })
      await db.as(customer)(`select public.attach_document('prealert', $1, $2, 'Factura Amazon.pdf')`, [prealertId, path])
      expect(await attach(customer, 'prealert', prealertId, path)).toMatchObject({ ok: true, value: { documents: [{ path }] } })

      const shipmentId = await shipment(customer)
      const photo = `${customer.sub}/${randomUUID()}.png`
      await store('documents', photo, 'image/png')
      expect(await attach(customer, 'shipment', shipmentId, photo, 'receipt.png')).toMatchObject({ ok: true, value: { id: shipmentId, documents: [{ path: photo, type: 'image/png' }] } })
    })

    it("refuses another customer's row, another's folder, closed rows, unknown targets and files not stored", async () => {
      const prealertId = await prealert(customer)
      const mine = `${customer.sub}/${randomUUID()}.pdf`
      await store('documents', mine, 'application/pdf')
      expect(await attach(other, 'prealert', prealertId, mine)).toMatchObject({ ok: false, code: '22023' })
      const theirs = `${other.sub}/${randomUUID()}.pdf`
      await store('documents', theirs, 'application/pdf')
      expect(await attach(other, 'prealert', prealertId, theirs)).toEqual(notFound(`prealert ${prealertId} not found`))
      expect(await attach(customer, 'package', prealertId, mine)).toEqual(invalid('documents are attached to a prealert or a shipment, not package'))
      expect(await attach(customer, 'prealert', prealertId, mine, '   ')).toEqual(invalid("a document's name has 1 to 120 characters"))
      const missing = `${customer.sub}/${randomUUID()}.pdf`
      expect(await attach(customer, 'prealert', prealertId, missing)).toEqual(notFound(`document ${missing} has not been uploaded`))
      const delivered = await shipment(customer, 'delivered')
      expect(await attach(customer, 'shipment', delivered, mine)).toEqual(invalid('documents cannot be attached to a delivered shipment'))
    })
  })

  describe('set_avatar', () => {
    it("sets the caller's stored profile photo and returns the profile as the pulls send it", async () => {
      const path = `${customer.sub}/${randomUUID()}.jpg`
      await store('avatars', path)
      expect(await setAvatar(customer, path)).toMatchObject({ ok: true, value: { id: customer.sub, avatar_path: path, locker_code: expect.stringMatching(/^MIA/) } })
      await db.as(customer)(`select public.set_avatar($1)`, [path])
      const pulled = await db.as(customer)<{ result: { profiles: { id: string; avatar_path: string | null }[] } }>(`select public.pull_profiles(null, 1000) as result`)
      expect(pulled[0]!.result.profiles.find((row) => row.id === customer.sub)?.avatar_path).toBe(path)
    })

    it("refuses another user's folder and photos not stored", async () => {
      const theirs = `${other.sub}/${randomUUID()}.jpg`
      await store('avatars', theirs)
      expect(await setAvatar(customer, theirs)).toEqual(invalid(`a profile photo is stored as <your user id>/<photo id>.jpg, not ${theirs}`))
      const missing = `${customer.sub}/${randomUUID()}.jpg`
      expect(await setAvatar(customer, missing)).toEqual(notFound(`photo ${missing} has not been uploaded`))
    })
  })

  it('the pulls send the documents of prealerts and shipments', async () => {
    const prealertId = await prealert(customer)
    const path = `${customer.sub}/${randomUUID()}.jpg`
    await store('documents', path)
    await db.as(customer)(`select public.attach_document('prealert', $1, $2, 'ticket.jpg')`, [prealertId, path])
    const pulled = await db.as(customer)<{ result: { prealerts: { id: string; documents: { path: string }[] }[] } }>(`select public.pull_prealerts(null, 1000) as result`)
    expect(pulled[0]!.result.prealerts.find((row) => row.id === prealertId)?.documents).toMatchObject([{ path }])
    const shipmentId = await shipment(customer)
    const pulledShipments = await db.as(customer)<{ result: { shipments: { id: string; documents: unknown[] }[] } }>(`select public.pull_shipments(null, 1000) as result`)
    expect(pulledShipments[0]!.result.shipments.find((row) => row.id === shipmentId)?.documents).toEqual([])
  })
})
