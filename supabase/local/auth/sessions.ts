// Sessions as GoTrue keeps them: a row in auth.sessions, a chain of rotating refresh tokens in
// auth.refresh_tokens, and short-lived HS256 access tokens that name the session.
import { randomBytes, randomUUID } from 'node:crypto'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { signJwt } from '../jwt'
import type { RefreshTokenPolicy } from './config'
import { authErrors } from './errors'
import { factorsOf } from './factors'
import { userJson, type UserJson } from './user-json'
import { findUserById, identitiesOf, type UserRow } from './users'

export const ACCESS_TOKEN_SECONDS = 3600

export type SignInMethod = 'password' | 'otp' | 'recovery'
/** The methods a session's `amr` claim lists: how it signed in, and a second factor it proved. */
type AuthenticationMethod = SignInMethod | 'totp'
const AAL2_METHODS = new Set<string>(['totp'])

export interface SessionJson {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: UserJson
}

export type LogoutScope = 'global' | 'local' | 'others'

interface RefreshTokenRow {
  id: number
  token: string
  user_id: string
  revoked: boolean
  session_id: string | null
  parent: string | null
  updated_at: Date | null
}

const newRefreshToken = () => randomBytes(16).toString('base64url')

export class Sessions {
  constructor(
    private readonly db: PGlite,
    /** The `iss` of access tokens: the auth API's URL, as GoTrue's API_EXTERNAL_URL. */
    private readonly issuer: () => string,
    private readonly policy: RefreshTokenPolicy,
  ) {}

  /** Starts a new session for a user who just proved who they are. */
  async start(user: UserRow, method: SignInMethod): Promise<SessionJson> {
    const sessionId = randomUUID()
    const refreshToken = newRefreshToken()
    await this.db.transaction(async (tx) => {
      await tx.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [sessionId, user.id])
      await addAuthenticationMethod(tx, sessionId, method)
      await tx.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, null, $3, now(), now())`,
        [refreshToken, user.id, sessionId],
      )
    })
    return this.sessionJson(user, sessionId, refreshToken)
  }

  /**
   * GoTrue's updateMFASessionAndClaims after a verified code: the session is at aal2 (its `amr`
   * lists totp) with a new refresh token, and the user's sessions still at aal1 end.
   */
  async elevate(user: UserRow, sessionId: string, factorId: string): Promise<SessionJson> {
    const refreshToken = newRefreshToken()
    await this.db.transaction(async (tx) => {
      await addAuthenticationMethod(tx, sessionId, 'totp')
      await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId])
      const { rows } = await tx.query<{ token: string }>(
        `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked returning token`,
        [sessionId],
      )
      await tx.query(
        `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
        [refreshToken, user.id, rows[0]?.token ?? null, sessionId],
      )
      await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [user.id])
    })
    return this.sessionJson(user, sessionId, refreshToken)
  }

  /** GoTrue's DowngradeSessionsToAAL1: the sessions a removed factor raised are at aal1 again. */
  async downgrade(factorId: string): Promise<void> {
    await this.db.query(
      `delete from auth.mfa_amr_claims c using auth.sessions s
        where s.id = c.session_id and s.factor_id = $1 and c.authentication_method = 'totp'`,
      [factorId],
    )
    await this.db.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factorId])
  }

  /**
   * GoTrue's RefreshTokenGrant: the presented token is revoked and a new one (its child) issued.
   * A revoked token still refreshes when it is the parent of the session's active token (the
   * client missed the answer, or two tabs refreshed at once: both get the active token), or within
   * refresh_token_reuse_interval of its first use. Later, it is reuse: with rotation on, the
   * session ends (its refresh tokens with it, and its access tokens at GET /user).
   */
  async refresh(token: string): Promise<SessionJson> {
    const outcome = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<RefreshTokenRow>(
        `select id, token, user_id, revoked, session_id, parent, updated_at from auth.refresh_tokens where token = $1 for update`,
        [token],
      )
      const presented = rows[0]
      if (!presented?.session_id) return { error: authErrors.refreshTokenNotFound() }
      const sessionId = presented.session_id
      const user = await findUserById(tx, presented.user_id)
      if (!user) return { error: authErrors.refreshTokenNotFound() }
      if (user.banned_until && user.banned_until > new Date()) return { error: authErrors.refreshTokenUserBanned() }

      let issued: string | undefined
      if (presented.revoked) {
        const { rows: active } = await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
          [sessionId],
        )
        if (active[0]?.parent === presented.token) issued = active[0].token
        else if (Date.now() > (presented.updated_at?.getTime() ?? 0) + this.policy.reuseIntervalMs) {
          if (this.policy.rotation) await tx.query(`delete from auth.sessions where id = $1`, [sessionId])
          return { error: authErrors.refreshTokenAlreadyUsed() }
        }
      }
      if (issued === undefined) {
        issued = newRefreshToken()
        // updated_at marks the first use: the reuse interval runs from it.
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked`, [presented.id])
        await tx.query(
          `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
          [issued, user.id, presented.token, sessionId],
        )
      }
      await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [sessionId])
      return { user, sessionId, refreshToken: issued }
    })
    // The session's end above must commit, so errors are returned from the transaction, not thrown.
    if ('error' in outcome) throw outcome.error
    return this.sessionJson(outcome.user, outcome.sessionId, outcome.refreshToken)
  }

  async exists(sessionId: string): Promise<boolean> {
    const { rows } = await this.db.query(`select 1 from auth.sessions where id = $1`, [sessionId])
    return rows.length > 0
  }

  /** Logout: deleting sessions deletes their refresh tokens (on delete cascade). */
  async end(userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
    if (scope === 'global') await this.db.query(`delete from auth.sessions where user_id = $1`, [userId])
    else if (scope === 'local' && sessionId) await this.db.query(`delete from auth.sessions where id = $1`, [sessionId])
    else if (scope === 'others') await this.db.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [userId, sessionId ?? null])
  }

  /** GoTrue's CalculateAALAndAMR: the session's methods, the latest first; aal2 once one is a second factor. */
  private async assurance(sessionId: string) {
    const { rows } = await this.db.query<{ method: string; timestamp: number }>(
      `select authentication_method as method, extract(epoch from updated_at)::int as timestamp
         from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
      [sessionId],
    )
    return { aal: rows.some((row) => AAL2_METHODS.has(row.method)) ? 'aal2' : 'aal1', amr: rows }
  }

  private async sessionJson(user: UserRow, sessionId: string, refreshToken: string): Promise<SessionJson> {
    const iat = Math.floor(Date.now() / 1000)
    const { aal, amr } = await this.assurance(sessionId)
    const expiresAt = iat + ACCESS_TOKEN_SECONDS
    const accessToken = await signJwt({
      iss: this.issuer(),
      sub: user.id,
      aud: 'authenticated',
      exp: expiresAt,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal,
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    })
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user, await identitiesOf(this.db, user.id), await factorsOf(this.db, user.id)),
    }
  }
}

type Db = PGlite | Transaction

/** One row per method and session; proving it again renews its timestamp (GoTrue's AddClaimToSession). */
async function addAuthenticationMethod(db: Db, sessionId: string, method: AuthenticationMethod) {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  )
}
