// GoTrue's error responses: `{ code: <HTTP status>, error_code, msg }`. auth-js turns `msg` into
// error.message and `error_code` into error.code (and session_not_found into AuthSessionMissingError).
import { json, type HttpResponse } from '../http'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const MIN_PASSWORD_LENGTH = 6
/** In bytes: bcrypt reads no further (GoTrue's MaxPasswordLength). */
export const MAX_PASSWORD_BYTES = 72

export const authErrors = {
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  missingCredentials: () => new AuthError(400, 'validation_failed', 'You must provide either an email or phone number and a password'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  refreshTokenUserBanned: () => new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned'),
  phoneProviderDisabled: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  anonymousSignInsDisabled: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  passwordTooLong: () => new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`),
  weakPassword: () =>
    new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  invalidRefreshToken: () => new AuthError(400, 'validation_failed', 'Refresh token is not valid'),
  refreshTokenNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (reason: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  unsupportedGrant: () => new AuthError(400, 'invalid_credentials', 'unsupported_grant_type'),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailSendRateLimit: () => new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded'),
  /** Another mail to the same address within [auth.email] max_frequency. */
  emailSentTooRecently: (secondsLeft: number) =>
    new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${secondsLeft} seconds.`),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
}

export function authErrorResponse(error: AuthError): HttpResponse {
  return json(error.status, { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra })
}
