import { describe, expect, it } from 'vitest'
import { isManager, isStaff, roleOf } from './roles'

describe('what each role may do', () => {
  it('the desk is a clerk’s and a manager’s, the manager’s sections the manager’s only', () => {
    expect([null, undefined, 'user', 'clerk', 'admin'].map((role) => isStaff(role as never))).toEqual([false, false, false, true, true])
    expect([null, undefined, 'user', 'clerk', 'admin'].map((role) => isManager(role as never))).toEqual([false, false, false, false, true])
  })

  it('reads the database’s roles as they are, and anything else as a customer', () => {
    expect(['user', 'clerk', 'admin'].map(roleOf)).toEqual(['user', 'clerk', 'admin'])
    expect(['Admin', 'staff', '', null, undefined, 1].map(roleOf)).toEqual(['user', 'user', 'user', 'user', 'user', 'user'])
  })
})
