/** Who someone is to the business (profiles.role): a customer, a desk clerk or the manager. */
export type Role = 'user' | 'clerk' | 'admin'

export const roles: readonly Role[] = ['user', 'clerk', 'admin']

/** The desk's people: a clerk or the manager (the database's `is_staff()`). */
export const isStaff = (role: Role | null | undefined): role is 'clerk' | 'admin' => role === 'clerk' || role === 'admin'

/** The manager: rates, content, users and roles, money corrections, reports and the audit log (the database's `is_admin()`). */
export const isManager = (role: Role | null | undefined): role is 'admin' => role === 'admin'

/** A role as the database sends it; anything else is a customer, who may do least. */
export const roleOf = (value: unknown): Role => (roles as readonly unknown[]).includes(value) ? (value as Role) : 'user'
