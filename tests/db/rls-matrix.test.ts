import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JwtClaims } from '../../supabase/local/as-role.ts'
import { type Engine, engines } from './engines.ts'
import {
  type Db,
  type PackageRow,
  type TestUser,
  anon,
  attempt,
  createPackage,
  createUser,
  openEmptyDatabase,
  packageById,
  rowsAs,
} from './helpers.ts'
import { type Actor, type RoleFixture, makeRoleFixture } from './role-fixture.ts'

// Who may do what, as one table of rules: every table of the public schema, every operation, every
// role (a visitor, a customer on their own rows and on the other customer's, a clerk, an admin, the
// service role); and every function of the public schema, who may execute it and which role its own
// check asks for. A table or a function without a rule fails, so a new one is decided here.

/**
 * What one role gets from one statement:
 * none: no row; own: exactly their own rows, never the other customer's; all: every row;
 * published: what visitors read; ok: the insert went in; denied: no privilege on the table (42501);
 * rls: the row-level security policy refused the new row (42501); refused: a trigger refused it
 * (42501); invalid: privileges and policies let it through, a constraint stopped it.
 */
type Verdict = 'none' | 'own' | 'all' | 'published' | 'ok' | 'denied' | 'rls' | 'refused' | 'invalid'
type Op = 'select' | 'insert' | 'update' | 'delete'

/** Per operation, the verdicts of anon, user, clerk, admin and service, in this order. */
interface TableRule extends Record<Op, string> {
  /** The user a row belongs to, as SQL on the row (absent: no one's). */
  owner?: string
  /** What visitors read, as SQL on the row. */
  published?: string
  /** The column an update sets to itself. */
  touch: string
  /** The insert's columns and values, $1 the actor's id (customer A's for anon and the service role). */
  values?: string
}

const viaShipment = '(select s.user_id from public.shipments s where s.id = shipment_id)'
const nobodyWrites = { insert: 'denied denied denied denied invalid', update: 'denied denied denied denied all', delete: 'denied denied denied denied all' } as const
/** Tables the service role too only reads. */
const readOnly = { insert: 'denied denied denied denied denied', update: 'denied denied denied denied denied', delete: 'denied denied denied denied denied' } as const
/** Tables no API role but the service role reads or writes. */
const serviceOnly = { select: 'denied denied denied denied all', ...nobodyWrites } as const

//                                                      anon       user       clerk      admin      service
const tables: Record<string, TableRule> = {
  profiles: { owner: 'id', touch: 'full_name',
    select: 'none own all all all',
    insert: 'denied denied denied denied invalid',
    update: 'denied own own all all',
    delete: 'denied denied denied denied invalid' },
  lockers: { owner: 'user_id', touch: 'code', select: 'none own all all all', ...nobodyWrites },
  deleted_profiles: { touch: 'deleted_at', select: 'denied none all all all', ...nobodyWrites },
  packages: { owner: 'user_id', touch: 'tracking_code', values: '(user_id) values ($1)',
    select: 'none own all all all',
    insert: 'denied rls ok ok ok',
    update: 'denied none all all all',
    delete: 'denied denied denied denied all' },
  package_events: { owner: '(select p.user_id from public.packages p where p.id = package_id)', touch: 'status', select: 'none own all all all', ...nobodyWrites },
  prealerts: { owner: 'user_id', touch: 'store', select: 'denied own all all all', ...nobodyWrites },
  prealert_ops: { owner: 'actor', touch: 'kind', ...serviceOnly },
  rates: { touch: 'value', select: 'all all all all all', ...nobodyWrites, delete: 'denied denied denied denied invalid' },
  rate_changes: { touch: 'new_value', select: 'denied none none all all', ...nobodyWrites },
  plans: { touch: 'free_storage_days', select: 'all all all all all', ...nobodyWrites },
  shipments: { owner: 'user_id', touch: 'service', select: 'denied own all all all', ...nobodyWrites },
  shipment_items: { owner: viaShipment, touch: 'description', select: 'denied own all all all', ...nobodyWrites },
  shipment_events: { owner: viaShipment, touch: 'status', select: 'denied own all all all', ...nobodyWrites },
  shipment_ops: { owner: 'actor', touch: 'kind', ...serviceOnly },
  notifications: { owner: 'user_id', touch: 'kind', select: 'denied own none none all', ...nobodyWrites, update: 'denied denied denied denied refused' },
  notification_read_ops: { owner: 'user_id', touch: 'marked', ...serviceOnly },
  push_subscriptions: { owner: 'user_id', touch: 'locale', select: 'denied own none none all', ...nobodyWrites },
  articles: { published: "status = 'published' and published_at <= now()", touch: 'category',
    select: 'published published published all all', ...nobodyWrites },
  article_texts: { published: "exists (select 1 from public.articles a where a.id = article_id and a.status = 'published' and a.published_at <= now())", touch: 'title',
    select: 'published published published all all', ...nobodyWrites },
  article_slugs: { published: "exists (select 1 from public.articles a where a.id = article_id and a.status = 'published' and a.published_at <= now())", touch: 'slug',
    select: 'published published published all all', ...nobodyWrites },
  faqs: { published: 'published', touch: 'position', select: 'published published published all all', ...nobodyWrites },
  content_ops: { touch: 'kind', ...serviceOnly },
  // Read only, by their owners and the staff (the audit log: by admins), written only by functions.
  account_entries: { owner: 'user_id', touch: 'reason', select: 'denied own all all all', ...readOnly },
  account_balances: { owner: 'user_id', touch: 'balance_cents', select: 'denied own all all all', ...readOnly },
  mail_outbox: { owner: 'user_id', touch: 'kind', select: 'denied none none all all', ...nobodyWrites },
  audit_log: { touch: 'action', select: 'denied none none all all', ...readOnly },
  // The contact form's messages: the sender's and the desk's; written only by functions.
  contact_messages: { owner: 'user_id', touch: 'status', select: 'denied own all all all', ...nobodyWrites },
  // The managers': the newsletter's subscribers, the suppressed mail addresses, the retired locker codes.
  newsletter_subscribers: { touch: 'status', select: 'denied none none all all', ...nobodyWrites },
  mail_suppressions: { owner: 'user_id', touch: 'reason', select: 'denied none none all all', ...nobodyWrites },
  retired_locker_codes: { touch: 'retired_at', select: 'denied none none all all', ...nobodyWrites },
}

/**
 * Who may execute each function: 'anon', 'auth' (any signed-in user), 'service'; then the role its
 * own check asks of a signed-in caller ('staff' or 'admin'), if it has one (called with nulls, the
 * check comes first). Functions not executable by the API roles are the others' internals.
 */
const functions: Record<string, string> = {
  // Anyone's.
  get_package_by_token: 'anon auth service', rates_json: 'anon auth service', renew_push_subscription: 'anon auth service',
  send_contact_message: 'anon auth service', subscribe_newsletter: 'anon auth service', confirm_newsletter: 'anon auth service',
  unsubscribe_newsletter: 'anon auth service',
  // A signed-in user's, each deciding by its own rows or by RLS.
  account_entry_json: 'auth service', account_unpaid_debits: 'auth service', approve_shipment: 'auth service', attach_document: 'auth service',
  cancel_prealert: 'auth service', cancel_shipment: 'auth service', delete_push_subscription: 'auth service', get_profiles: 'auth service',
  is_admin: 'auth service', is_staff: 'auth service', mark_notifications_read: 'auth service', mark_notifications_read_through: 'auth service',
  mark_notifications_read_until: 'auth service', packages_json: 'auth service', profiles_json: 'auth service', pull_account_entries: 'auth service',
  pull_bounds: 'auth service', pull_checkpoint: 'auth service', pull_directory: 'auth service', pull_notifications: 'auth service',
  pull_packages: 'auth service', pull_pending: 'auth service', pull_prealerts: 'auth service', pull_profiles: 'auth service',
  pull_shipments: 'auth service', request_shipment: 'auth service', save_prealert: 'auth service', save_push_subscription: 'auth service',
  set_avatar: 'auth service', set_push_preferences: 'auth service', set_shipment_packages: 'auth service', shipment_events_json: 'auth service',
  shipment_package_ids: 'auth service', working_set_part: 'auth service', working_set_since: 'auth service',
  export_my_data: 'auth service', require_aal2: 'auth service', set_notification_preference: 'auth service',
  // The desk's: clerks and admins.
  add_package_photo: 'auth service staff', advance_shipment: 'auth service staff', apply_package_status: 'auth service staff',
  apply_package_statuses: 'auth service staff', pull_account_balances: 'auth service staff', record_payment: 'auth service staff',
  register_package: 'auth service staff', search_history: 'auth service staff', working_set_counts: 'auth service staff',
  answer_contact_message: 'auth service staff',
  // The manager's: admins only.
  admin_report: 'auth service admin', audit_log_page: 'auth service admin', grant_credit: 'auth service admin', move_faq: 'auth service admin',
  post_adjustment: 'auth service admin', receivables: 'auth service admin', refund_payment: 'auth service admin', save_article: 'auth service admin',
  save_faq: 'auth service admin', set_rates: 'auth service admin', confirmed_newsletter_subscribers: 'auth service admin',
  lift_mail_suppression: 'auth service admin', reset_staff_factors: 'auth service admin', retry_mail: 'auth service admin',
  // The service role's: the Edge Functions, the jobs and the internals.
  account_entries_append_only: 'service', article_json: 'service', article_texts_keep_slug: 'service', audit_action: 'service',
  audit_log_append_only: 'service', audit_row_change: 'service', box_weights: 'service', claim_mail: 'service', enqueue_arrival_mail: 'service',
  enqueue_mail: 'service', forget_push_subscription: 'service', guard_profile_update: 'service', handle_new_user: 'service',
  handle_user_email_change: 'service', is_registration_replay: 'service', is_shipment_step_event: 'service', mail_attempt_failed: 'service',
  mail_notification: 'service', mail_sent: 'service', mail_shipment_delivered: 'service', metric_weights: 'service', money_admin_check: 'service',
  money_amount_input: 'service', money_customer_input: 'service', money_reason_input: 'service', normalise_tracking_code: 'service',
  notifications_stamp: 'service', notify_package_event: 'service', notify_shipment_event: 'service', notify_storage_endings: 'service',
  package_events_mark_first: 'service', package_json: 'service', package_weights: 'service', packages_guard_deletion: 'service',
  packages_hold_in_open_shipment: 'service', packages_record_status: 'service', packages_stamp: 'service', payment_refundable_cents: 'service',
  post_card_payment: 'service', post_card_refund: 'service', post_storage_fees: 'service', prealert_json: 'service', prealerts_stamp: 'service',
  profiles_stamp_change: 'service', push_deliveries: 'service', rate_problem: 'service', rate_value: 'service', record_prealert_op: 'service',
  record_profile_deletion: 'service', record_shipment_op: 'service', replayed_content_op: 'service', report_money_months: 'service',
  require_content_editor: 'service', shipment_address_input: 'service', shipment_box_input: 'service', shipment_items_input: 'service',
  shipment_json: 'service', shipment_options_input: 'service', shipment_package_ids_input: 'service', shipment_price: 'service',
  shipment_status_follows: 'service', shipments_stamp: 'service', storage_countdowns: 'service', storage_fee_cents_on: 'service',
  storage_last_free_day: 'service', stored_object_type: 'service', trim_whitespace: 'service',
  close_account: 'service', enqueue_mail_to: 'service', files_of: 'service', lockers_retire_code: 'service',
  lockers_skip_retired_codes: 'service', mail_address_suppressed: 'service', muted_kinds_with: 'service',
  newsletter_subscriber_of: 'service', packages_refuse_closed_account: 'service', require_aal2_for_row: 'service',
  set_mail_preference_by_link: 'service', suppress_mail_address: 'service',
  // Nobody's but the ledger's own functions.
  post_account_entry: '',
}

const actors: Actor[] = ['anon', 'user', 'clerk', 'admin', 'service']
const ops: Op[] = ['select', 'insert', 'update', 'delete']
const apiRoles = { anon: 'anon', auth: 'authenticated', service: 'service_role' } as const

function statement(table: string, op: Op, rule: TableRule): string {
  const owner = rule.owner ?? 'null::uuid'
  const counted = (rows: string) => `select count(*) filter (where owner = $1::uuid)::int as own, count(*)::int as n from ${rows}`
  switch (op) {
    case 'select':
      return counted(`(select ${owner} as owner from public.${table}) t`)
    case 'insert':
      return `with t as (insert into public.${table} ${rule.values ?? 'default values'} returning 1) select count(*)::int as n from t`
    case 'update':
      return `with t as (update public.${table} set ${rule.touch} = ${rule.touch} returning ${owner} as owner) ${counted('t')}`
    case 'delete':
      return `with t as (delete from public.${table} returning ${owner} as owner) ${counted('t')}`
  }
}

describe.each(engines)('$engine: every role × every table and function', ({ open }) => {
  let db: Engine
  let fixture: RoleFixture

  beforeAll(async () => {
    db = await open()
    fixture = await makeRoleFixture(db)
  }, 120_000)
  afterAll(() => db?.close())

  /** How many rows the table has, how many are the actor's, how many visitors read. */
  async function totals(table: string, rule: TableRule, actor: Actor) {
    const [row] = await db.owner<{ n: number; own: number; published: number }>(
      `select count(*)::int as n, count(*) filter (where ${rule.owner ?? 'null::uuid'} = $1::uuid)::int as own,
         count(*) filter (where ${rule.published ?? 'false'})::int as published from public.${table}`,
      [fixture.idOf(actor)],
    )
    return row!
  }

  async function verdict(table: string, rule: TableRule, op: Op, actor: Actor): Promise<Verdict | string> {
    const me = fixture.idOf(actor) ?? fixture.a.sub
    const outcome = await db.attempt(fixture.claimsOf(actor), (query) =>
      query<{ n: number; own?: number }>(statement(table, op, rule), op === 'insert' && !rule.values ? [] : [me]),
    )
    if (!outcome.ok) {
      if (/permission denied for (table|relation)/.test(outcome.message)) return 'denied'
      if (/row-level security/.test(outcome.message)) return 'rls'
      if (outcome.code.startsWith('23')) return 'invalid'
      return ['42501', '22023'].includes(outcome.code) ? 'refused' : `${outcome.code} ${outcome.message}`
    }
    if (op === 'insert') return 'ok'
    const { n, own = 0 } = outcome.value[0]!
    const all = await totals(table, rule, actor)
    if (n === 0) return 'none'
    if (n === all.n) return 'all'
    if (own === n && n === all.own) return 'own'
    if (rule.published && n === all.published) return 'published'
    return `${n} of ${all.n} rows, ${own} of them theirs`
  }

  it('the fixture has rows in every table, and each customer has their own where rows have an owner', async () => {
    for (const [table, rule] of Object.entries(tables)) {
      const [row] = await db.owner<{ n: number; a: number; b: number }>(
        `select count(*)::int as n, count(*) filter (where ${rule.owner ?? 'null::uuid'} = $1::uuid)::int as a,
           count(*) filter (where ${rule.owner ?? 'null::uuid'} = $2::uuid)::int as b from public.${table}`,
        [fixture.a.sub, fixture.b.sub],
      )
      expect({ table, empty: row!.n === 0, ownerless: Boolean(rule.owner) && (row!.a === 0 || row!.b === 0) }).toEqual({ table, empty: false, ownerless: false })
    }
  })

  it('has a rule for every table of the public schema, and none for a table that is gone', async () => {
    const rows = await db.owner<{ name: string }>(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`)
    expect(rows.map((row) => row.name)).toEqual(Object.keys(tables).sort())
  })

  describe.each(Object.keys(tables))('%s', (table) => {
    const rule = tables[table]!
    const cells = ops.flatMap((op) => {
      const expected = rule[op].split(' ') as Verdict[]
      return actors.map((actor, i) => ({ op, actor, expected: expected[i]! }))
    })
    it.each(cells)('$op as $actor: $expected', async ({ op, actor, expected }) => {
      expect(`${op} as ${actor}: ${await verdict(table, rule, op, actor)}`).toBe(`${op} as ${actor}: ${expected}`)
    })
  })

  it('has a rule for every function of the public schema, and none for a function that is gone', async () => {
    const rows = await db.owner<{ name: string }>(`select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`)
    expect(rows.map((row) => row.name)).toEqual(Object.keys(functions).sort())
  })

  it('each function is executable by the API roles its rule names, and by no other', async () => {
    const rows = await db.owner<{ name: string; anon: boolean; auth: boolean; service: boolean }>(`select p.proname as name,
        has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('authenticated', p.oid, 'execute') as auth,
        has_function_privilege('service_role', p.oid, 'execute') as service
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`)
    const granted = rows.filter((row) => row.name in functions).map((row) => `${row.name}: ${(['anon', 'auth', 'service'] as const).filter((role) => row[role]).join(' ')}`)
    const ruled = rows.filter((row) => row.name in functions).map((row) => `${row.name}: ${functions[row.name]!.split(' ').filter((word) => word in apiRoles).join(' ')}`)
    expect(granted).toEqual(ruled)
  })

  const guarded = Object.entries(functions).filter(([, rule]) => /\b(staff|admin)$/.test(rule))
  it.each(guarded)('%s refuses a signed-in caller below its role, and lets the role through', async (name, rule) => {
    const [fn] = await db.owner<{ args: string }>(`select oidvectortypes(p.proargtypes) as args from pg_proc p where p.proname = $1 and p.pronamespace = 'public'::regnamespace`, [name])
    const call = `select public.${name}(${fn!.args ? fn!.args.split(', ').map((type) => `null::${type}`).join(', ') : ''})`
    const byRole = async (actor: Actor) => {
      const outcome = await db.attempt(fixture.claimsOf(actor), (query) => query(call))
      return !outcome.ok && outcome.code === '42501' && /only (admins|staff)\b/.test(outcome.message) ? 'refused' : 'through'
    }
    const needsAdmin = rule.endsWith('admin')
    expect({ user: await byRole('user'), clerk: await byRole('clerk'), admin: await byRole('admin') }).toEqual({
      user: 'refused',
      clerk: needsAdmin ? 'refused' : 'through',
      admin: 'through',
    })
  })
})

// The escalations a customer or an admin might try, one by one, with the messages they get.
const users = {} as Record<'A' | 'B' | 'admin', TestUser>
let db: Db
let packageA: PackageRow
let packageB: PackageRow

describe('escalation attempts', () => {
  beforeAll(async () => {
    db = await openEmptyDatabase()
    users.A = await createUser(db, 'a')
    users.B = await createUser(db, 'b')
    users.admin = await createUser(db, 'admin', { admin: true })
    packageA = await createPackage(db, users.A.id)
    await createPackage(db, users.A.id, { deleted: true })
    packageB = await createPackage(db, users.B.id)
  })

  afterAll(async () => {
    await db?.close()
  })

  it('a customer cannot make themself admin: the role change fails with 42501 and nothing changes', async () => {
    const outcome = await attempt(db, users.A.claims, (tx) =>
      tx.query(`update public.profiles set role = 'admin' where id = $1`, [users.A.id]),
    )
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: 'only admins can change a role' })
    const { rows } = await db.query<{ role: string }>(`select role from public.profiles where id = $1`, [users.A.id])
    expect(rows[0]?.role).toBe('user')
  })

  it('a customer cannot change their email or id, but can edit their own contact fields', async () => {
    const email = await rowsAs(db, users.A.claims, `update public.profiles set email = 'new@example.test' where id = $1`, [users.A.id])
    expect(email).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table profiles/) })
    const id = await rowsAs(db, users.A.claims, `update public.profiles set id = gen_random_uuid() where id = $1`, [users.A.id])
    expect(id).toMatchObject({ ok: false, code: '42501' })
    const own = await rowsAs<{ full_name: string; city: string; role: string }>(
      db,
      users.A.claims,
      `update public.profiles set full_name = 'Ana Pérez', phone = '+1 305 555 0100', country = 'Colombia',
         delivery_address = 'Calle 10 # 5-20', city = 'Bogotá', postal_code = '110111', id_number = 'CC 123'
       where id = $1 returning full_name, city, role`,
      [users.A.id],
    )
    expect(own).toEqual({ ok: true, value: [{ full_name: 'Ana Pérez', city: 'Bogotá', role: 'user' }] })
  })

  it("a customer cannot edit another customer's profile (no row matches)", async () => {
    const outcome = await rowsAs(db, users.A.claims, `update public.profiles set full_name = 'Hacked' where id = $1 returning id`, [users.B.id])
    expect(outcome).toEqual({ ok: true, value: [] })
  })

  it('an admin may change name, phone and role of others, but not their address fields', async () => {
    const allowed = await rowsAs<{ role: string }>(
      db,
      users.admin.claims,
      `update public.profiles set full_name = 'Bea', phone = '555', role = 'admin' where id = $1 returning role`,
      [users.B.id],
    )
    expect(allowed).toEqual({ ok: true, value: [{ role: 'admin' }] })
    const address = await rowsAs(db, users.admin.claims, `update public.profiles set city = 'Quito' where id = $1`, [users.B.id])
    expect(address).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/only the full name, phone and role/) })
  })

  it('a customer cannot insert a package for someone else', async () => {
    const outcome = await rowsAs(db, users.A.claims, `insert into public.packages (user_id) values ($1)`, [users.B.id])
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/row-level security/) })
  })

  it("a customer cannot read another customer's package, locker or events by id", async () => {
    const events = await rowsAs(db, users.A.claims, `select * from public.package_events where package_id = $1`, [packageB.id])
    const pkg = await rowsAs(db, users.A.claims, `select * from public.packages where id = $1`, [packageB.id])
    const locker = await rowsAs(db, users.A.claims, `select * from public.lockers where user_id = $1`, [users.B.id])
    expect([events, pkg, locker]).toEqual([
      { ok: true, value: [] },
      { ok: true, value: [] },
      { ok: true, value: [] },
    ])
  })

  it('anon cannot enumerate packages, profiles, lockers or events, even by token or id', async () => {
    const probes = [
      `select * from public.packages where public_token = '${packageA.public_token}'`,
      `select * from public.profiles where id = '${users.A.id}'`,
      'select * from public.lockers',
      'select * from public.package_events',
    ]
    for (const sql of probes) expect(await rowsAs(db, anon, sql)).toEqual({ ok: true, value: [] })
  })

  it('a customer cannot call apply_package_status, and anon cannot even execute it', async () => {
    const call = `select public.apply_package_status(gen_random_uuid(), $1, 'entregado', now(), $2)`
    const customer = await rowsAs(db, users.A.claims, call, [packageA.id, packageA.version])
    expect(customer).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/only staff/) })
    const anonymous = await rowsAs(db, anon, call, [packageA.id, packageA.version])
    expect(anonymous).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for function/) })
    expect((await packageById(db, packageA.id)).status).toBe('recibido')
  })

  it('a customer cannot set version or change_xid on their own package (no privilege on those columns)', async () => {
    const outcome = await rowsAs(
      db,
      users.A.claims,
      `update public.packages set version = 999, change_xid = '1'::xid8 where id = $1 returning id`,
      [packageA.id],
    )
    expect(outcome).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied for table packages/) })
    const after = await packageById(db, packageA.id)
    expect([after.version, after.change_xid]).toEqual([packageA.version, packageA.change_xid])
  })

  it('even an admin cannot set version or change_xid, and where someone may (service_role) the trigger overrides them', async () => {
    const sql = `update public.packages set version = 999, change_xid = '1'::xid8 where id = $1
       returning version, change_xid::text, pg_current_xact_id()::text as mine`
    expect(await rowsAs(db, users.admin.claims, sql, [packageA.id])).toMatchObject({ ok: false, code: '42501' })
    const outcome = await rowsAs<{ version: number; change_xid: string; mine: string }>(db, { role: 'service_role' }, sql, [packageA.id])
    expect(outcome.ok).toBe(true)
    const [row] = outcome.ok ? outcome.value : []
    expect(row?.version).toBe(packageA.version + 1)
    expect(row?.change_xid).toBe(row?.mine)
  })

  it('no one writes package_events directly, not even an admin', async () => {
    const sql = `insert into public.package_events (package_id, status, op_id, outcome) values ($1, 'entregado', gen_random_uuid(), 'applied')`
    for (const claims of [users.A.claims, users.admin.claims]) {
      expect(await rowsAs(db, claims, sql, [packageA.id])).toMatchObject({ ok: false, code: '42501' })
    }
  })

  it('an admin deletes softly: hard DELETE is denied, setting deleted_at works', async () => {
    const hard = await rowsAs(db, users.admin.claims, `delete from public.packages where id = $1`, [packageA.id])
    expect(hard).toMatchObject({ ok: false, code: '42501', message: expect.stringMatching(/permission denied/) })
    const soft = await rowsAs<{ deleted: boolean }>(
      db,
      users.admin.claims,
      `update public.packages set deleted_at = now() where id = $1 returning deleted_at is not null as deleted`,
      [packageA.id],
    )
    expect(soft).toEqual({ ok: true, value: [{ deleted: true }] })
  })

  it('service_role bypasses RLS (as on Supabase)', async () => {
    const outcome = await rowsAs(db, { role: 'service_role' }, 'select id from public.profiles')
    expect(outcome.ok && outcome.value.length).toBe(3)
  })

  it('withClaims refuses roles other than the three API roles', async () => {
    const claims = { role: 'postgres' } as unknown as JwtClaims
    await expect(rowsAs(db, claims, 'select 1')).rejects.toThrow(/anon, authenticated or service_role/)
  })
})
