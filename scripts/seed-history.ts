// npm run seed:history: loads a large, plausible warehouse history into a database, to try the admin's
// working set and the history search at scale (docs/architecture.md, "The admin's working set").
//
//   npm run seed:history                                   1,000,000 packages, 50,000 customers, into the
//                                                          local stand-in's folder (stop the stand-in first)
//   npm run seed:history -- --packages 100000              customers scale along (1 per 20 packages)
//   npm run seed:history -- --database-url postgres://…    a PostgreSQL with the migrations applied
//   npm run seed:history -- --force                        load another history on top of one already loaded
//
// What it writes: customers (auth.users and identities; the signup trigger makes their profiles and
// lockers) who signed up over 900 days, and packages over the last two years, each with its status
// history (recibido → [consolidacion] → transito → aduana → disponible → entregado over days), some
// with the prealert they were matched to, a few cancelled or still announced prealerts, plans spread
// over basic, standard and premium. About 2 % of the packages are in an admin's working set (open,
// or changed in the last 30 days); the rest were delivered (a few deleted) long ago.
//
// Set-based SQL, in chronological batches, one transaction each, with the stamping triggers off as
// supabase/seed.sql ages its rows: created_at and updated_at are as generated, and change_xid (the
// batch's transaction id) grows with time, as it would have. The recently changed rows come last,
// in transactions of their own, so the pulls' "floor" (the oldest change of the last 30 days) sits
// where it would in a database that lived through those two years.
import { existsSync } from 'node:fs'
import { readFile, readdir, readlink } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import pg from 'pg'
import { openDatabase } from '../supabase/local/database'
import { DEFAULT_PORT } from '../supabase/local/keys'

/** One statement, parameters as $1…; the rows it returns. pg's Client and PGlite both fit (see runnerFor*). */
export type RunQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>

export interface HistoryOptions {
  /** Packages to load (default 1,000,000). */
  packages: number
  /** Customers to load (default: one per 20 packages). */
  customers: number
  /** Load even though a history is already there (numbering continues after it). */
  force?: boolean
  /** Packages per transaction (default 100,000). */
  batchSize?: number
  /** Progress lines (default console.log). */
  log?: (line: string) => void
}

export interface HistorySummary {
  customers: number
  /** The first and last customer's email. */
  emails: [string, string]
  packages: number
  events: number
  prealerts: number
  /** Packages in an admin's working set right after loading: open, or changed in the last 30 days. */
  workingSet: { packages: number; open: number; recent: number; profiles: number; prealerts: number }
  byStatus: Record<string, number>
  prealertsByState: Record<string, number>
  /** How long the load took (through vacuum and analyze; not the counting after it). */
  seconds: number
  /** Things to search for (search_history): a customer's name, an email fragment, a fragment of an old tracking number. */
  samples: { name: string; email: string; emailFragment: string; tracking: string; trackingFragment: string; deliveredAt: string }
}

export class HistoryAlreadyLoaded extends Error {}

/** The share of packages in the working set, and how it splits. */
const WORKING_SET_SHARE = 0.02
const STALE_OPEN_SHARE = 0.0005
const DAY = 86_400
/** The shared password of every loaded customer: the demo customer's (supabase/seed.sql). */
const CUSTOMER_PASSWORD_HASH = '$2b$10$egIO9tkk1c6AqPCkAyFMlOYhW4hRdaqVWAWH5Wy4B8AB3ZFTuc50m'
export const HISTORY_PASSWORD = 'cliente-demo-password'
const FIRST_EMAIL = 'historia-000001@example.com'

/** Customer number k's id: fixed, so a package finds its owner without a lookup. */
const customerId = (k: string) => `('e1570000-0000-4000-8000-' || lpad(to_hex(${k}), 12, '0'))::uuid`
const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(', ')}]`
/** The fractional part: another uniform number out of one. */
const fract = (x: string) => `((${x}) - floor(${x}))`
const pick = (array: string, random: string) => `(${array})[1 + floor(${random} * cardinality(${array}))::int]`

const FIRST_NAMES = sqlArray([
  'María', 'José', 'Luis', 'Carlos', 'Ana', 'Juan', 'Gabriela', 'Andrea', 'Daniel', 'Alejandro', 'Valentina', 'Sofía',
  'Miguel', 'Jesús', 'Carmen', 'Rosa', 'Pedro', 'Manuel', 'Francisco', 'Antonio', 'Luisa', 'Isabel', 'Fernando',
  'Ricardo', 'Patricia', 'Elena', 'Diego', 'Andrés', 'Camila', 'Daniela', 'Mariana', 'Paola', 'Rafael', 'Eduardo',
  'Jorge', 'Alberto', 'Adriana', 'Verónica', 'Beatriz', 'Claudia', 'Héctor', 'Óscar', 'Ramón', 'Yolanda', 'Yusmary',
  'Yorman', 'Wilmer', 'Johana', 'Génesis', 'Oriana', 'Rubén', 'Gustavo', 'Simón', 'Teresa', 'Lucía', 'Samuel',
  'Sebastián', 'Emily', 'Kevin', 'Stephanie', 'Nelson', 'Milagros', 'Yelitza', 'Deivis', 'Anabel', 'Leonardo',
])
const LAST_NAMES = sqlArray([
  'González', 'Rodríguez', 'Pérez', 'Hernández', 'García', 'Martínez', 'López', 'Díaz', 'Sánchez', 'Romero', 'Torres',
  'Ramírez', 'Flores', 'Rojas', 'Medina', 'Morales', 'Castillo', 'Suárez', 'Moreno', 'Mendoza', 'Gutiérrez', 'Vargas',
  'Rivas', 'Blanco', 'Marcano', 'Quintero', 'Salazar', 'Colmenares', 'Briceño', 'Peña', 'Urdaneta', 'Bermúdez',
  'Chacón', 'Guerrero', 'Zambrano', 'Parra', 'Contreras', 'Acosta', 'Ochoa', 'Villarroel', 'Arismendi', 'Lugo',
  'Mijares', 'Escalona', 'Carrasquel', 'Figueroa', 'Leal', 'Uzcátegui', 'Bastidas', 'Montilla', 'Azuaje', 'Goitía',
  'Camacho', 'Sequera', 'Istúriz', 'Palacios', 'Tovar', 'Rangel', 'Fuenmayor', 'Graterol', 'Pacheco', 'Linares',
  'Aponte', 'Cedeño', 'Requena', 'Lozada', 'Márquez', 'Hidalgo', 'Oropeza', 'Villegas',
])
/** City|country|postal code|phone prefix; Venezuela most often. */
const PLACES = sqlArray([
  ...Array.from({ length: 6 }, () => 'Caracas|Venezuela|1060|+58 412'),
  'Caracas|Venezuela|1080|+58 414', 'Caracas|Venezuela|1010|+58 424', 'Maracaibo|Venezuela|4001|+58 414',
  'Maracaibo|Venezuela|4002|+58 424', 'Valencia|Venezuela|2001|+58 412', 'Valencia|Venezuela|2003|+58 414',
  'Barquisimeto|Venezuela|3001|+58 416', 'Maracay|Venezuela|2101|+58 426', 'Puerto La Cruz|Venezuela|6023|+58 414',
  'Lechería|Venezuela|6016|+58 424', 'Mérida|Venezuela|5101|+58 416', 'San Cristóbal|Venezuela|5001|+58 424',
  'Barcelona|Venezuela|6001|+58 412', 'Ciudad Guayana|Venezuela|8050|+58 414', 'Porlamar|Venezuela|6301|+58 416',
  'Bogotá|Colombia|110111|+57 310', 'Medellín|Colombia|050021|+57 311', 'Ciudad de Panamá|Panamá|0816|+507 6',
  'Santo Domingo|República Dominicana|10101|+1 809', 'Quito|Ecuador|170150|+593 99',
])
const STREETS = sqlArray([
  'Av. Francisco de Miranda', 'Av. Libertador', 'Av. Bolívar', 'Av. Universidad', 'Calle Los Mangos', 'Av. 5 de Julio',
  'Calle Real de Sabana Grande', 'Av. Principal de Las Mercedes', 'Av. Andrés Bello', 'Calle El Recreo',
  'Av. Las Delicias', 'Av. Intercomunal', 'Calle Paraíso', 'Av. Los Próceres', 'Calle 72', 'Av. Rómulo Gallegos',
])
/** Store|description, as customers announce them and the warehouse notes them. */
const PURCHASES = sqlArray([
  'Amazon|Running shoes', 'Amazon|Vitamins', 'Amazon|Wireless earbuds', 'Amazon|Phone case', 'Amazon|Kitchen scale',
  'Amazon|Books', 'Amazon|USB-C cables', 'Amazon|Baby formula', 'Amazon|Printer ink', 'Amazon|Smart watch',
  'Walmart|Air fryer', 'Walmart|Bedding set', 'Walmart|School supplies', 'Walmart|Blender',
  'Target|Phone cases', 'Target|Toys', 'Target|Towels', 'Best Buy|Monitor 24 in', 'Best Buy|Laptop',
  'Best Buy|Headphones', 'Best Buy|Router', 'eBay|Watch strap', 'eBay|Car parts', 'eBay|Camera lens',
  'Nike|Sneakers', 'Adidas|Football boots', 'Shein|Clothes', 'Shein|Dresses', 'Temu|Home decor', 'Apple|iPhone',
  'Apple|AirPods', 'Costco|Protein powder', "Macy's|Perfume", 'Sephora|Cosmetics', 'Home Depot|Power drill',
  'Newegg|Graphics card', 'B&H Photo|Microphone', 'AliExpress|Phone parts', "Carter's|Baby clothes",
  "Victoria's Secret|Lingerie", 'GNC|Supplements', 'Zara|Jacket',
])
const UPS_SHIPPERS = sqlArray(['999AA1', 'V8E376', 'A4W1R2', '0Y7F45', 'X2E9V1', '59R06E', '8V7W30', 'E1A237'])
const UPS_SERVICES = sqlArray(['03', '01', '02', '13', '12'])

/**
 * A tracking number of a realistic format for package number `n` (bigint): UPS, USPS, FedEx, Amazon or
 * DHL by `r`. Each format writes n through a bijection of its digits, so no two packages share one.
 */
function trackingSql(n: string, r: string, shipper: string): string {
  return `case
    when ${r} < 0.30 then '1Z' || ${pick(UPS_SHIPPERS, shipper)} || ${pick(UPS_SERVICES, fract(`${shipper} * 7`))} || lpad(((${n} * 48271 + 17) % 100000000)::text, 8, '0')
    when ${r} < 0.55 then '94001' || lpad(((${n} * 7919 + 104729) % 100000000000000000)::text, 17, '0')
    when ${r} < 0.75 then lpad(((${n} * 15485863 + 982451653) % 1000000000000)::text, 12, '0')
    when ${r} < 0.95 then 'TBA' || lpad(((${n} * 32452843 + 49979687) % 1000000000000)::text, 12, '0')
    else lpad(((${n} * 86028121 + 1) % 10000000000)::text, 10, '0')
  end`
}

/** Amazon's format for the prealerts no package came for: numbers past every package's. */
const prealertOnlyTrackingSql = (n: string) => `'TBA' || lpad(mod((${n} + 500000000000)::numeric * 32452843 + 49979687, 1000000000000)::text, 12, '0')`

/**
 * The triggers switched off while loading, as supabase/seed.sql does: those that stamp a row's
 * version, times and change_xid (the loader sets them), the one that records a package's first
 * status event (the loader writes the whole history), the profile guard (it stamps updated_at), and
 * the stand-in's change notifications (a million NOTIFYs nobody listens to). Every other trigger
 * runs: what it derives (package_events.first_of_status, for one) comes out as it would.
 */
const LOADING_TRIGGERS = ['packages_stamp', 'packages_record_status', 'package_events_notify', 'prealerts_stamp', 'profiles_stamp_change', 'guard_profile_update', 'standin_realtime_notify']

/** Those of LOADING_TRIGGERS on `table` that are on: switched off while loading, and back on at the end. */
async function enabledTriggers(query: RunQuery, table: string): Promise<string[]> {
  const rows = await query(
    `select t.tgname as name from pg_catalog.pg_trigger t
     where t.tgrelid = $1::regclass and not t.tgisinternal and t.tgenabled <> 'D' and t.tgname = any ($2::text[])
     order by t.tgname`,
    [table, LOADING_TRIGGERS],
  )
  return rows.map((row) => String(row.name))
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

async function setTriggers(query: RunQuery, triggers: Map<string, string[]>, on: boolean) {
  for (const [table, names] of triggers) {
    for (const name of names) await query(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${quoteIdent(name)}`)
  }
}

/** One transaction with these tables' stamping (user) triggers off; rolled back on failure, triggers included. */
async function inBatch<T>(query: RunQuery, triggers: Map<string, string[]>, seed: number, fn: () => Promise<T>): Promise<T> {
  await query('begin')
  try {
    await query('select setseed($1)', [seed])
    await setTriggers(query, triggers, false)
    const result = await fn()
    await setTriggers(query, triggers, true)
    await query('commit')
    return result
  } catch (error) {
    await query('rollback').catch(() => undefined)
    throw error
  }
}

const num = (value: unknown) => Number(value ?? 0)
const fmt = (value: number) => value.toLocaleString('en')

/**
 * Loads the history through `query` (one connection; it opens and commits its own transactions).
 * The database needs the app's migrations; the demo seed is not needed (its admin, when there,
 * is the actor of the status changes).
 */
export async function seedHistory(query: RunQuery, options: HistoryOptions): Promise<HistorySummary> {
  const log = options.log ?? ((line: string) => console.log(line))
  const started = performance.now()
  const P = options.packages
  const C = options.customers
  const batchSize = options.batchSize ?? 100_000
  if (!Number.isInteger(P) || P < 100) throw new Error(`--packages must be a whole number of at least 100, not ${P}`)
  if (!Number.isInteger(C) || C < 10) throw new Error(`--customers must be a whole number of at least 10, not ${C}`)

  const schema = (await query(`select to_regclass('public.packages') is not null as packages, to_regprocedure('public.search_history(text, integer, jsonb)') is not null as search`))[0]!
  if (!schema.packages || !schema.search) {
    throw new Error('this database lacks the app\'s schema (public.packages, public.search_history): apply supabase/migrations first')
  }
  const loaded = (await query(`select exists (select 1 from auth.users where email = $1) as loaded`, [FIRST_EMAIL]))[0]!.loaded === true
  if (loaded && !options.force) {
    throw new HistoryAlreadyLoaded(`a history is already loaded here (${FIRST_EMAIL} exists): pass --force to load another one on top of it`)
  }
  // Numbering continues after what is there, so a second history's emails and tracking numbers are new.
  const kBase = num((await query(`select count(*) as n from auth.users where email like 'historia-%@example.com'`))[0]!.n)
  const nBase = num((await query('select count(*) as n from public.packages'))[0]!.n)
  const lockers = (await query('select last_value, is_called from public.locker_code_seq'))[0]!
  const codesLeft = 999_999 - num(lockers.last_value) + (lockers.is_called ? 0 : 1)
  if (C > codesLeft) throw new Error(`only ${fmt(codesLeft)} locker codes are left (MIA100001 to MIA999999): load fewer customers`)
  const actor = (await query(`select id from public.profiles where role = 'admin' order by created_at, id limit 1`))[0]?.id ?? null
  const asOf = String((await query(`select now()::text as now`))[0]!.now)
  // Rows written before the history (the demo seed's) have lower change_xids than any of it.
  const historyStart = String((await query(`select pg_snapshot_xmin(pg_current_snapshot())::text as xid`))[0]!.xid)

  const triggersOf = async (tables: string[]) => {
    const triggers = new Map<string, string[]>()
    for (const table of tables) triggers.set(table, await enabledTriggers(query, table))
    return triggers
  }
  const customerTriggers = await triggersOf(['public.profiles', 'public.lockers'])
  const packageTriggers = await triggersOf(['public.packages', 'public.package_events', 'public.prealerts'])

  // Customers signed up over 900 days, numbered in that order: customer k at asOf - 900 days + (k - 1) * step.
  const customerSpan = 900 * DAY
  const customerStep = (customerSpan - 3600) / C
  const recentCustomersFrom = Math.min(C + 1, Math.max(1, Math.ceil((customerSpan - 30 * DAY) / customerStep) + 1))
  log(`Loading ${fmt(C)} customers and ${fmt(P)} packages (as of ${asOf})`)

  // A small first batch, then an analyze: on tables analyzed while nearly empty, the foreign keys'
  // checks are planned as scans of a table of a few rows and kept for the whole statement, so each
  // row would scan every row inserted before it; the next batches are planned with real figures.
  const customerRanges: [number, number][] = []
  const firstBatch = Math.min(1000, recentCustomersFrom - 1)
  if (firstBatch > 0) customerRanges.push([1, firstBatch])
  for (let lo = firstBatch + 1; lo < recentCustomersFrom; lo += 25_000) customerRanges.push([lo, Math.min(recentCustomersFrom - 1, lo + 24_999)])
  if (recentCustomersFrom <= C) customerRanges.push([recentCustomersFrom, C])
  let seedIndex = 0
  for (const [lo, hi] of customerRanges) {
    const batchStarted = performance.now()
    await inBatch(query, customerTriggers, ((seedIndex++ % 997) + 1) / 1000, async () => {
      await query(
        `create temp table seed_history_customers on commit drop as
         select k, ${customerId('$5::bigint + k')} as id,
           'historia-' || lpad(($5::bigint + k)::text, 6, '0') || '@example.com' as email,
           created_at,
           -- Filled in during the first weeks; never in the last 30 days unless signed up then.
           case when k >= $3 then least(created_at + random() * interval '2 days', $1::timestamptz - interval '1 minute')
             else least(created_at + random() * interval '20 days', $1::timestamptz - interval '30 days 1 hour') end as updated_at,
           ${pick(FIRST_NAMES, 'r1')} || case when r2 < 0.3 then ' ' || ${pick(FIRST_NAMES, fract('r2 * 13'))} else '' end
             || ' ' || ${pick(LAST_NAMES, 'r3')} || case when r4 < 0.6 then ' ' || ${pick(LAST_NAMES, fract('r4 * 17'))} else '' end as full_name,
           split_part(place, '|', 1) as city, split_part(place, '|', 2) as country, split_part(place, '|', 3) as postal_code,
           split_part(place, '|', 4) || ' ' || lpad(floor(r5 * 1000)::int::text, 3, '0') || ' ' || lpad(floor(${fract('r5 * 1000')} * 10000)::int::text, 4, '0') as phone,
           case when split_part(place, '|', 2) = 'Venezuela'
             then 'V-' || replace(to_char(5000000 + floor(r6 * 25000000)::int, 'FM99,999,999'), ',', '.')
             else lpad(floor(r6 * 10000000000)::bigint::text, 10, '0') end as id_number,
           ${pick(STREETS, 'r7')} || ', Edif. ' || ${pick(LAST_NAMES, fract('r7 * 11'))} || ', piso ' || (1 + floor(${fract('r7 * 101')} * 15))::int
             || ', apto ' || (1 + floor(${fract('r7 * 1009')} * 12))::int || chr(65 + floor(${fract('r7 * 10007')} * 4)::int) as delivery_address,
           r8 < 0.85 as filled_in,
           case when r9 < 0.70 then 'basic' when r9 < 0.92 then 'standard' else 'premium' end as plan
         from (
           select k, $1::timestamptz - make_interval(secs => $2::double precision - (k - 1) * $4::double precision) as created_at,
             random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6, random() as r7,
             random() as r8, random() as r9, ${pick(PLACES, 'random()')} as place
           from generate_series($6::int, $7::int) as k
         ) g`,
        [asOf, customerSpan, recentCustomersFrom, customerStep, kBase, lo, hi],
      )
      // As GoTrue signs them up; on_auth_user_created makes each profile and locker.
      await query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           confirmation_token, recovery_token, email_change_token_new, email_change,
           raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, last_sign_in_at)
         select '00000000-0000-0000-0000-000000000000', c.id, 'authenticated', 'authenticated', c.email, $1, c.created_at,
           '', '', '', '', '{"provider": "email", "providers": ["email"]}'::jsonb,
           jsonb_build_object('full_name', c.full_name, 'phone', c.phone), false, c.created_at, c.updated_at, c.updated_at
         from seed_history_customers c order by c.k`,
        [CUSTOMER_PASSWORD_HASH],
      )
      await query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         select c.id::text, c.id, jsonb_build_object('sub', c.id::text, 'email', c.email, 'email_verified', true, 'phone_verified', false),
           'email', c.created_at, c.created_at, c.created_at
         from seed_history_customers c`,
      )
      await query(
        `update public.profiles p
         set plan = c.plan, created_at = c.created_at, updated_at = c.updated_at,
           country = case when c.filled_in then c.country end, city = case when c.filled_in then c.city end,
           postal_code = case when c.filled_in then c.postal_code end, id_number = case when c.filled_in then c.id_number end,
           delivery_address = case when c.filled_in then c.delivery_address end
         from seed_history_customers c where p.id = c.id`,
      )
      await query(`update public.lockers l set created_at = c.created_at from seed_history_customers c where l.user_id = c.id`)
    })
    if (lo === 1) for (const table of ['auth.users', 'public.profiles', 'public.lockers']) await query(`analyze ${table}`)
    log(`  customers ${fmt(hi)}/${fmt(C)}  (${((performance.now() - batchStarted) / 1000).toFixed(1)} s)`)
  }

  // Packages, numbered in the order of their last change: i in 1..A changed from 730 to 30 days ago
  // (delivered, a few deleted, and a few still waiting: the stale open ones), i in A+1..P in the last
  // 30 days (delivered lately, or still open). A package's owner signed up before it arrived.
  const R = Math.max(1, Math.round(P * (WORKING_SET_SHARE - STALE_OPEN_SHARE)))
  const A = P - R
  const aOldest = 730 * DAY
  const aNewest = 30 * DAY + 3600
  const aStep = A > 1 ? (aOldest - aNewest) / (A - 1) : 0
  const bOldest = 30 * DAY - 60
  const bNewest = 300
  // The stale open ones: among the rows of the 90 days before the last 30.
  const staleFrom = Math.max(1, Math.floor(A - (A * 90) / 700))
  const staleStep = Math.max(1, Math.floor((A - staleFrom + 1) / Math.max(1, Math.round(P * STALE_OPEN_SHARE))))

  // A small first batch here too, then an analyze: a trigger's query (package_events_mark_first's
  // lookup of a package's events) planned on a nearly empty table would scan it for every row.
  const packageRanges: [number, number][] = []
  const firstPackages = Math.min(A, 200)
  if (firstPackages > 0) packageRanges.push([1, firstPackages])
  for (let lo = firstPackages + 1; lo <= A; lo += batchSize) packageRanges.push([lo, Math.min(A, lo + batchSize - 1)])
  for (let lo = A + 1; lo <= P; lo += batchSize) packageRanges.push([lo, Math.min(P, lo + batchSize - 1)])
  let done = 0
  for (const [lo, hi] of packageRanges) {
    const batchStarted = performance.now()
    await inBatch(query, packageTriggers, ((seedIndex++ % 997) + 1) / 1000, async () => {
      await query(
        `create temp table seed_history_packages on commit drop as
         with g as (
           select i, $1::bigint + i as n,
             random() as r_kind, random() as r_status, random() as r_age, random() as r_cons, random() as r_owner,
             random() as r_carrier, random() as r_shipper, random() as r_pre, random() as r_weight, random() as r_buy,
             random() as g1, random() as g2, random() as g3, random() as g4, random() as g5
           from generate_series($7::int, $8::int) as i
         ),
         kinds as (
           select g.*,
             case
               when r_kind < 0.003 then 'deleted'
               when i <= $2 and i >= $10 and i % $11 = 0 then 'stale'
               when i <= $2 then 'delivered'
               -- The last 30 days: as many open packages as arrive in the twelve days one takes to
               -- go through (Little's law), the rest delivered in those 30 days.
               when r_status < 0.29 then 'open'
               else 'delivered'
             end as kind
           from g
         ),
         steps as (
           select k.*,
             case kind
               when 'deleted' then 1
               when 'delivered' then 6
               when 'stale' then case when ${fract('r_status * 7')} < 0.7 then 5 else 4 end
               -- Open ones by how long each status lasts: received 16 %, consolidating 4 %, in transit
               -- 33 %, at customs 16 %, available 31 %.
               else case when ${fract('r_status * 7')} < 0.16 then 1 when ${fract('r_status * 7')} < 0.20 then 2
                 when ${fract('r_status * 7')} < 0.53 then 3 when ${fract('r_status * 7')} < 0.69 then 4 else 5 end
             end as s
           from kinds k
         ),
         aged as (
           -- Seconds since the last change: from the package's number in the old history; in the last
           -- 30 days, a while into its current status for an open one, any time for the others.
           select st.*,
             case
               when i <= $2 then $3::double precision - (i - 1) * $4::double precision
               when kind = 'open' then greatest(300, 86400 * r_age * case s when 1 then 3 when 2 then 2 when 3 then 5 when 4 then 3 else 7 end)
               else $6::double precision + r_age * ($5::double precision - $6::double precision)
             end as ago
           from steps st
         ),
         dated as (
           select a.*, $9::timestamptz - make_interval(secs => a.ago) as updated_at from aged a
         ),
         timed as (
           -- Hours after arrival of each status: consolidated with others for a day or two (some),
           -- flown out in one to three days, through customs in three to five, available a day or
           -- three later, picked up half a day to a week after that.
           select st.*, st.s = 2 or r_cons < 0.35 as consolidated,
             case when st.s = 2 or r_cons < 0.35 then 24 + 24 * g1 end as h2,
             case when st.s = 2 or r_cons < 0.35 then 24 + 24 * g1 else 0 end + 24 + 48 * g2 as h3
           from dated st
         ),
         hours as (
           select t.*, h3 + 72 + 48 * g3 as h4, h3 + 72 + 48 * g3 + 24 + 48 * g4 as h5,
             h3 + 72 + 48 * g3 + 24 + 48 * g4 + 12 + 156 * g5 as h6
           from timed t
         ),
         made as (
           select h.i, h.n, gen_random_uuid() as id, h.kind, h.s, h.consolidated, h.h2, h.h3, h.h4, h.h5, h.h6, h.updated_at,
             case when h.kind = 'deleted' then h.updated_at - make_interval(secs => 3600 * (1 + 47 * h.g1))
               else h.updated_at - make_interval(secs => 3600 * case h.s when 1 then 0 when 2 then h.h2 when 3 then h.h3 when 4 then h.h4 when 5 then h.h5 else h.h6 end)
             end as created_at,
             case when h.kind = 'deleted' then h.updated_at end as deleted_at,
             case when h.r_carrier < 0.02 then null else ${trackingSql('h.n', fract('h.r_carrier * 50'), 'h.r_shipper')} end as tracking_code,
             ${pick(PURCHASES, 'h.r_buy')} as purchase,
             round((0.2 + 31.3 * h.r_weight ^ 3)::numeric, 2) as weight_kg,
             round((0.001 + 0.12 * h.r_weight ^ 2 + 0.02 * h.g5)::numeric, 4) as volume_m3,
             h.r_owner, h.r_pre, h.g1, h.g2
           from hours h
         )
         -- Owners: among the customers signed up before the package arrived. Prealerts: one in eight
         -- packages with a tracking number was announced and matched; a few were cancelled, and some
         -- of the last ten days' purchases are announced and still on their way.
         select m.*,
           ${customerId(`$12::bigint + 1 + floor(m.r_owner * greatest(1, least($13::double precision,
             1 + floor(extract(epoch from m.created_at - ($9::timestamptz - make_interval(secs => $14::double precision))) / $15::double precision))))::bigint`)} as owner,
           case when m.r_pre < 0.185 and m.kind <> 'deleted' then gen_random_uuid() end as prealert_id,
           case when m.kind = 'deleted' then null
             when m.r_pre < 0.12 and m.tracking_code is not null then 'received'
             when m.r_pre >= 0.12 and m.r_pre < 0.125 then 'cancelled'
             when m.r_pre >= 0.125 and m.r_pre < 0.185 and m.i > $2 and m.updated_at > $9::timestamptz - interval '10 days' then 'announced'
           end as pre_state
         from made m`,
        [nBase, A, aOldest, aStep, bOldest, bNewest, lo, hi, asOf, staleFrom, staleStep, kBase, C, customerSpan, customerStep],
      )
      await query(
        `insert into public.packages (id, user_id, locker_code, tracking_code, status, weight_kg, volume_m3, meta, version,
           deleted_at, created_at, updated_at)
         select b.id, b.owner, l.code, b.tracking_code,
           (array['recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado'])[b.s],
           b.weight_kg, b.volume_m3,
           case when b.pre_state = 'received' then jsonb_build_object('prealert_id', b.prealert_id,
               'store', split_part(b.purchase, '|', 1), 'description', split_part(b.purchase, '|', 2),
               'declared_value_usd', round((5 + 495 * b.g2 ^ 2)::numeric, 2))
             else jsonb_build_object('store', split_part(b.purchase, '|', 1), 'description', split_part(b.purchase, '|', 2)) end,
           case when b.kind = 'deleted' then 2 when b.s = 1 then 1 else b.s - case when b.consolidated then 0 else 1 end end,
           b.deleted_at, b.created_at, b.updated_at
         from seed_history_packages b
         join public.lockers l on l.user_id = b.owner
         order by b.updated_at`,
      )
      await query(
        `insert into public.package_events (package_id, status, op_id, actor, changed_at, recorded_at, outcome)
         select b.id, e.status, gen_random_uuid(), $1::uuid, b.created_at + make_interval(secs => 3600 * e.h),
           b.created_at + make_interval(secs => 3600 * e.h + 2 + 40 * b.g1), 'applied'
         from seed_history_packages b
         cross join lateral (values (1, 'recibido', 0::double precision), (2, 'consolidacion', b.h2), (3, 'transito', b.h3),
           (4, 'aduana', b.h4), (5, 'disponible', b.h5), (6, 'entregado', b.h6)) as e (k, status, h)
         where e.k <= b.s and (e.k <> 2 or b.consolidated)`,
        [actor],
      )
      await query(
        `insert into public.prealerts (id, user_id, tracking_code, store, description, declared_value_usd, expected_on, state,
           package_id, version, created_at, updated_at)
         select b.prealert_id, b.owner,
           case when b.pre_state = 'received' then b.tracking_code else ${prealertOnlyTrackingSql('b.n')} end,
           split_part(b.purchase, '|', 1), split_part(b.purchase, '|', 2), round((5 + 495 * b.g2 ^ 2)::numeric, 2),
           case when b.pre_state = 'announced' then (b.updated_at + make_interval(days => 3 + floor(b.g1 * 8)::int))::date
             else (b.created_at - make_interval(days => floor(b.g1 * 3)::int))::date end,
           b.pre_state, case when b.pre_state = 'received' then b.id end,
           case when b.pre_state = 'announced' then 1 else 2 end,
           case when b.pre_state = 'announced' then b.updated_at else b.created_at - make_interval(secs => 86400 * (2 + 10 * b.g2)) end,
           case when b.pre_state = 'announced' then b.updated_at
             when b.pre_state = 'received' then b.created_at
             else b.created_at - make_interval(secs => 86400 * (1 + 1 * b.g2)) end
         from seed_history_packages b
         where b.pre_state is not null`,
      )
    })
    if (lo === 1) for (const table of ['public.packages', 'public.package_events', 'public.prealerts']) await query(`analyze ${table}`)
    done += hi - lo + 1
    log(`  packages ${fmt(done)}/${fmt(P)} (${Math.round((done / P) * 100)} %)  ${((performance.now() - batchStarted) / 1000).toFixed(1)} s`)
  }

  // Some customers of long ago changed their profile (a new phone, another plan) in the last 30 days:
  // in a transaction of their own, stamped as such a change would be.
  await inBatch(query, customerTriggers, 0.5, async () => {
    await query(
      `update public.profiles p set updated_at = $1::timestamptz - random() * interval '29 days', change_xid = pg_current_xact_id(),
         plan = case when random() < 0.3 then 'standard' else p.plan end
       from generate_series(1, $2::int) as k
       where p.id = ${customerId('$3::bigint + k')} and k < $4 and random() < 0.01`,
      [asOf, C, kBase, recentCustomersFrom],
    )
  })

  // What was here before the history and changed in the last 30 days (the demo seed's recent rows)
  // would, in a database that lived through those two years, have been written after all of it:
  // stamped now, or the pulls' floor (the oldest change of the last 30 days) would sit before the
  // whole history, and every first pull would read it all.
  await inBatch(query, new Map([...customerTriggers, ...packageTriggers]), 0.5, async () => {
    for (const table of ['public.profiles', 'public.packages', 'public.prealerts']) {
      await query(`update ${table} set change_xid = pg_current_xact_id() where change_xid < $1::xid8 and updated_at >= $2::timestamptz - interval '30 days'`, [historyStart, asOf])
    }
  })

  log('  vacuum and analyze…')
  for (const table of ['auth.users', 'auth.identities', 'public.profiles', 'public.lockers', 'public.packages', 'public.package_events', 'public.prealerts']) {
    await query(`vacuum (analyze) ${table}`)
  }

  const seconds = (performance.now() - started) / 1000
  log(`Loaded in ${seconds.toFixed(1)} s; counting what is there…`)
  return summarise(query, { kBase, C, P, seconds })
}

async function summarise(query: RunQuery, { kBase, C, P, seconds }: { kBase: number; C: number; P: number; seconds: number }): Promise<HistorySummary> {
  const ids = `(select ${customerId('$1::bigint + k')} from generate_series(1, $2::int) as k)`
  const byStatus: Record<string, number> = {}
  let open = 0
  let recent = 0
  let working = 0
  for (const row of await query(
    `select status, deleted_at is not null as deleted, count(*) as n,
       count(*) filter (where status <> 'entregado' and deleted_at is null) as open,
       count(*) filter (where updated_at >= public.working_set_since()) as recent,
       count(*) filter (where (status <> 'entregado' and deleted_at is null) or updated_at >= public.working_set_since()) as working
     from public.packages where user_id in ${ids} group by 1, 2`,
    [kBase, C],
  )) {
    const status = row.deleted ? 'deleted' : String(row.status)
    byStatus[status] = (byStatus[status] ?? 0) + num(row.n)
    open += num(row.open)
    recent += num(row.recent)
    working += num(row.working)
  }
  const events = num((await query(`select count(*) as n from public.package_events e join public.packages p on p.id = e.package_id where p.user_id in ${ids}`, [kBase, C]))[0]!.n)
  const prealertsByState: Record<string, number> = {}
  for (const row of await query(`select state, count(*) as n from public.prealerts where user_id in ${ids} group by 1`, [kBase, C])) prealertsByState[String(row.state)] = num(row.n)
  const prealerts = Object.values(prealertsByState).reduce((sum, n) => sum + n, 0)
  const workingPrealerts = num(
    (await query(`select count(*) as n from public.prealerts where user_id in ${ids} and (state = 'announced' or updated_at >= public.working_set_since())`, [kBase, C]))[0]!.n,
  )
  const workingProfiles = num((await query(`select count(*) as n from public.profiles where id in ${ids} and updated_at >= public.working_set_since()`, [kBase, C]))[0]!.n)

  // Samples: a customer from the middle of the history, and a package delivered about a year ago.
  const middle = Math.max(1, Math.round(C / 3))
  const customer = (await query(`select email, full_name from public.profiles where id = ${customerId('$1::bigint')}`, [kBase + middle]))[0]!
  const yearAgo = (
    await query(
      `select tracking_code, updated_at::date::text as delivered from public.packages
       where user_id in ${ids} and status = 'entregado' and tracking_code is not null
         and updated_at <= now() - interval '365 days'
       order by updated_at desc limit 1`,
      [kBase, C],
    )
  )[0] ?? { tracking_code: '', delivered: '' }
  const tracking = String(yearAgo.tracking_code)
  const email = String(customer.email)
  // Two of the name's words (the surnames when there are two): what someone would type.
  const words = String(customer.full_name).split(' ')
  const name = words.slice(words.length >= 3 ? -2 : 0).join(' ')
  const emailOf = (k: number) => `historia-${String(k).padStart(6, '0')}@example.com`
  return {
    customers: C,
    emails: [emailOf(kBase + 1), emailOf(kBase + C)],
    packages: P,
    events,
    prealerts,
    workingSet: { packages: working, open, recent, profiles: workingProfiles, prealerts: workingPrealerts },
    byStatus,
    prealertsByState,
    seconds,
    samples: {
      name,
      email,
      emailFragment: email.slice(0, email.indexOf('@') - 1),
      tracking,
      trackingFragment: tracking.length > 10 ? tracking.slice(-10, -2) : tracking.slice(2),
      deliveredAt: String(yearAgo.delivered),
    },
  }
}

/** The summary as lines for a person. */
export function describeSummary(summary: HistorySummary, where: string): string[] {
  const statuses = ['recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado', 'deleted']
  return [
    `Loaded into ${where} in ${summary.seconds.toFixed(1)} s:`,
    `  ${fmt(summary.customers)} customers (${summary.emails[0]} to ${summary.emails[1]}, password "${HISTORY_PASSWORD}"), with profiles, lockers and plans`,
    `  ${fmt(summary.packages)} packages: ${statuses.filter((s) => summary.byStatus[s]).map((s) => `${fmt(summary.byStatus[s]!)} ${s}`).join(', ')}`,
    `  ${fmt(summary.events)} status events; ${fmt(summary.prealerts)} prealerts (${Object.entries(summary.prealertsByState).map(([state, n]) => `${fmt(n)} ${state}`).join(', ')})`,
    `  an admin's working set: ${fmt(summary.workingSet.packages)} packages (${fmt(summary.workingSet.open)} open, ${fmt(summary.workingSet.recent)} changed in the last 30 days), ` +
      `${fmt(summary.workingSet.prealerts)} prealerts, ${fmt(summary.workingSet.profiles)} customers changed lately (plus the owners of those rows, fetched on demand)`,
    `  try searching the admin's Packages page for "${summary.samples.name}", "${summary.samples.emailFragment}" or "${summary.samples.trackingFragment}" ` +
      `(${summary.samples.tracking}, delivered ${summary.samples.deliveredAt})`,
  ]
}

// ---------------------------------------------------------------------------------------------
// The command line.

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

interface Cli {
  packages: number
  customers: number
  databaseUrl: string | undefined
  dataDir: string
  force: boolean
}

function parseArgs(argv: string[]): Cli {
  let packages: number | undefined
  let customers: number | undefined
  let databaseUrl: string | undefined
  let force = false
  const count = (flag: string, value: string | undefined) => {
    const parsed = Number((value ?? '').replace(/[_,]/g, ''))
    if (!value || !Number.isInteger(parsed) || parsed <= 0) throw new Error(`${flag} takes a positive whole number, not "${value ?? ''}"`)
    return parsed
  }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined]
    const value = () => inline ?? argv[++i]
    if (flag === '--packages') packages = count(flag, value())
    else if (flag === '--customers') customers = count(flag, value())
    else if (flag === '--database-url') databaseUrl = value()
    else if (flag === '--force') force = true
    else if (flag === '--help' || flag === '-h') {
      console.log(`npm run seed:history -- [--packages N] [--customers N] [--database-url postgres://…] [--force]

  --packages N        packages to load (default 1,000,000; about 2 % end up in an admin's working set)
  --customers N       customers to load (default: one per 20 packages, 50,000 for a million)
  --database-url URL  load into this PostgreSQL (migrations applied) instead of the local stand-in's
                      folder (${process.env.SUPABASE_LOCAL_DIR ?? '.supabase-local'}; stop the stand-in first)
  --force             load even though a history was loaded before (numbering continues after it)`)
      process.exit(0)
    } else throw new Error(`unknown option ${flag} (try --help)`)
  }
  packages ??= customers ? customers * 20 : 1_000_000
  customers ??= Math.max(10, Math.round(packages / 20))
  return { packages, customers, databaseUrl, dataDir: resolve(repoRoot, process.env.SUPABASE_LOCAL_DIR ?? '.supabase-local'), force }
}

/** Processes running the stand-in (npm run backend / npm start) on `dataDir`, as far as /proc tells (Linux). */
async function standInProcesses(dataDir: string): Promise<number[]> {
  if (!existsSync('/proc/self/cmdline')) return []
  const found: number[] = []
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0')
      const main = cmdline.find((arg) => arg.endsWith('supabase/local/main.ts'))
      if (!main) continue
      // As main.ts finds its folder: SUPABASE_LOCAL_DIR (or .supabase-local) from its repository's root.
      const root = resolve(await readlink(`/proc/${entry}/cwd`), main, '../../..')
      const environ = (await readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '')).split('\0')
      const dir = environ.find((line) => line.startsWith('SUPABASE_LOCAL_DIR='))?.slice('SUPABASE_LOCAL_DIR='.length) ?? '.supabase-local'
      if (resolve(root, dir) === dataDir) found.push(Number(entry))
    } catch {
      // gone, or not ours to read
    }
  }
  return found
}

/** Whether something answers as the stand-in on its port. */
async function standInAnswers(): Promise<boolean> {
  const port = Number(process.env.SUPABASE_LOCAL_PORT ?? DEFAULT_PORT)
  try {
    const response = await fetch(`http://127.0.0.1:${port}/rest/v1/`, { signal: AbortSignal.timeout(1000) })
    return response.status > 0
  } catch {
    return false
  }
}

/** Refuses when the stand-in has the folder open: two PGlites on one folder would corrupt it. */
async function ensureStandInStopped(dataDir: string) {
  const pids = await standInProcesses(dataDir)
  const lock = join(dataDir, 'postmaster.pid')
  const locked = existsSync(lock)
  if (pids.length > 0 || (locked && (await standInAnswers()))) {
    throw new Error(
      `the local stand-in is running on ${dataDir}${pids.length ? ` (process ${pids.join(', ')})` : ''}: stop it first ` +
        '(Ctrl+C where `npm start` or `npm run backend` runs), then run npm run seed:history again. Two programs writing one database folder would corrupt it.',
    )
  }
  if (locked) {
    console.log(`Note: ${lock} is left from a stand-in that did not shut down cleanly; no stand-in is running, so the folder is opened anyway.`)
  }
}

export function runnerForPg(client: pg.Client): RunQuery {
  return async (sql, params) => (await client.query(sql, params)).rows as Record<string, unknown>[]
}

async function main() {
  const cli = parseArgs(process.argv.slice(2))
  const options: HistoryOptions = { packages: cli.packages, customers: cli.customers, force: cli.force }
  let summary: HistorySummary
  let where: string
  if (cli.databaseUrl) {
    const client = new pg.Client({ connectionString: cli.databaseUrl })
    await client.connect()
    where = cli.databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
    try {
      await client.query(`set statement_timeout = 0`)
      summary = await seedHistory(runnerForPg(client), options)
    } finally {
      await client.end()
    }
  } else {
    await ensureStandInStopped(cli.dataDir)
    const fresh = !existsSync(join(cli.dataDir, 'PG_VERSION'))
    console.log(fresh ? `Creating the stand-in's database in ${cli.dataDir} (migrations and demo seed)…` : `Opening the stand-in's database in ${cli.dataDir} (pending migrations are applied)…`)
    const { db } = await openDatabase({ dataDir: cli.dataDir, seed: true })
    where = `the local stand-in's database (${cli.dataDir})`
    try {
      summary = await seedHistory(async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, options)
    } finally {
      await db.close()
    }
  }
  console.log(`\n${describeSummary(summary, where).join('\n')}`)
  if (!cli.databaseUrl) console.log('\nStart the app with `npm start` and sign in at http://localhost:4173/admin/login as admin@example.com / admin-demo-password.')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await main()
  } catch (error) {
    console.error(`seed:history: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(error instanceof HistoryAlreadyLoaded ? 3 : 1)
  }
}
