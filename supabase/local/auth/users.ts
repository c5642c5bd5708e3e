// auth.users and auth.identities, read and written as GoTrue does: with the database owner's
// connection (GoTrue owns the auth schema; RLS and the API roles do not apply here).
import { randomUUID } from 'node:crypto'
import type { PGlite, Transaction } from '@electric-sql/pglite'

type Db = PGlite | Transaction

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  phone: string | null
  confirmed_at: Date | null
  banned_until: Date | null
  is_anonymous: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, phone, confirmed_at, banned_until, is_anonymous`

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = $1 and deleted_at is null and not is_sso_user`,
    [normalizeEmail(email)],
  )
  return rows[0]
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id])
  return rows[0]
}

/** By the hash of a mailed token (column is 'confirmation_token' or 'recovery_token'). */
export async function findUserByTokenHash(db: Db, column: 'confirmation_token' | 'recovery_token', hash: string): Promise<UserRow | undefined> {
  if (hash === '') return undefined
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${column} = $1 and deleted_at is null`, [hash])
  return rows[0]
}

export async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  )
  return rows
}

export interface NewUser {
  email: string
  passwordHash: string
  userMetadata: Record<string, unknown>
  confirmed: boolean
}

/** Inserts the user and its email identity; the on_auth_user_created trigger adds profile and locker. */
export async function createUser(db: PGlite, user: NewUser): Promise<UserRow> {
  const id = randomUUID()
  const email = normalizeEmail(user.email)
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, recovery_token, email_change_token_new, email_change,
         raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at)
       values ($1, $2, 'authenticated', 'authenticated', $3, $4, case when $5::boolean then now() end,
         '', '', '', '', $6::jsonb, $7::jsonb, false, now(), now())
       returning ${USER_COLUMNS}`,
      [INSTANCE_ID, id, email, user.passwordHash, user.confirmed, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(user.userMetadata)],
    )
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
      [id, id, JSON.stringify({ sub: id, email, email_verified: false, phone_verified: false })],
    )
    return rows[0]!
  })
}

export interface UserChanges {
  passwordHash?: string
  /** Merged into raw_user_meta_data; keys set to null are removed (as GoTrue does). */
  userMetadata?: Record<string, unknown>
  confirmEmail?: boolean
  lastSignIn?: boolean
  confirmationToken?: string
  recoveryToken?: string
}

export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<UserRow> {
  const sets: string[] = ['updated_at = now()']
  const params: unknown[] = [id]
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  if (changes.passwordHash !== undefined) sets.push(`encrypted_password = ${param(changes.passwordHash)}`)
  if (changes.userMetadata !== undefined) {
    const patch = `${param(JSON.stringify(changes.userMetadata))}::jsonb`
    sets.push(
      `raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || ${patch}) - array(select key from jsonb_each(${patch}) where jsonb_typeof(value) = 'null')`,
    )
  }
  if (changes.confirmEmail) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
  if (changes.lastSignIn) sets.push('last_sign_in_at = now()')
  if (changes.confirmationToken !== undefined) {
    sets.push(`confirmation_token = ${param(changes.confirmationToken)}`)
    if (changes.confirmationToken !== '') sets.push('confirmation_sent_at = now()')
  }
  if (changes.recoveryToken !== undefined) {
    sets.push(`recovery_token = ${param(changes.recoveryToken)}`)
    if (changes.recoveryToken !== '') sets.push('recovery_sent_at = now()')
  }
  const { rows } = await db.query<UserRow>(`update auth.users set ${sets.join(', ')} where id = $1 returning ${USER_COLUMNS}`, params)
  if (changes.confirmEmail) {
    await db.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [id],
    )
  }
  return rows[0]!
}
