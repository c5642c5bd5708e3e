import { beforeEach, describe, expect, it } from 'vitest'
import { db } from './db'
import { NotOwnerError, releaseOwnership, takeOwnership } from './owner'
import { saveReport } from './saved-report'
import { clearLocalData } from './wipe'

const request = { from: '2026-11-01', to: '2026-11-30', bucket: 'day' } as const

beforeEach(() => clearLocalData())

describe('the saved report', () => {
  it('is kept for the admin who asked for it', async () => {
    const admin = await takeOwnership('a1')
    await saveReport(admin, request, { packages: 3 })
    expect(await db.reports.get('last')).toMatchObject({ request, report: { packages: 3 } })
  })

  it('is not written when the session that asked for it ended before it arrived', async () => {
    const admin = await takeOwnership('a1')
    await releaseOwnership({ discardWork: true })
    await expect(saveReport(admin, request, { packages: 3 })).rejects.toBeInstanceOf(NotOwnerError)
    await takeOwnership('u2')
    await expect(saveReport(admin, request, { packages: 3 })).rejects.toBeInstanceOf(NotOwnerError)
    expect(await db.reports.count()).toBe(0)
  })
})
