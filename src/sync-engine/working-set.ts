import { db } from '@/local-db/db'
import type { DeviceOwner } from '@/local-db/owner'
import type { PulledProfile } from '@/local-db/rows'
import { keepFetched, missingOwners, startOverIfStale, trimWorkingSet } from '@/local-db/working-set'
import type { Supabase } from '@/remote/client'
import { SyncError, type Stream } from './pull'

/** Trimming reads every row's owner: once an hour is plenty for rows that leave after 30 days. */
const trimEveryMs = 60 * 60 * 1000
const profilesPerCall = 1000

/** Profiles by id, as `get_profiles` returns them (what RLS lets the caller read). */
async function fetchProfiles(client: Supabase, ids: readonly string[], signal: AbortSignal): Promise<PulledProfile[]> {
  const found: PulledProfile[] = []
  for (let start = 0; start < ids.length; start += profilesPerCall) {
    const { data, error } = await client.rpc('get_profiles', { p_ids: ids.slice(start, start + profilesPerCall) }).abortSignal(signal)
    if (error) throw new SyncError(error.message, Boolean(error.code))
    found.push(...(data as { profiles: PulledProfile[] }).profiles)
  }
  return found
}

/** Whether any stream of `owner`'s copy was pulled before (it may hold rows). */
async function hasCheckpoint(owner: DeviceOwner): Promise<boolean> {
  return (await db.syncState.toArray()).some((state) => state.userId === owner.userId && state.checkpoint !== null)
}

/**
 * The admin's side of a pull (see src/local-db/working-set.ts). `before` starts a copy too old to
 * bring up to date over, and now and then drops what left the working set: before the pull, so a
 * device's first sync has nothing to look through. Then, for one pull, `pulling`:
 * - `following(stream)` is the stream fetching, after each page, the customers its rows belong to
 *   that the device lacks (their profiles were not changed lately, so no pull brings them): they
 *   come while the pull goes on, not all at its end; `noting(stream)` is the profiles' pull,
 *   noting the customers it brings so that none is fetched twice;
 * - `after` waits for those; the first time in a session, and after a pull that failed, it also
 *   looks through every row's owner for any still missing (a page written by a pull that ended
 *   before its customers came), which on a phone holding twenty thousand rows takes a while;
 * - `settled`, for a pull that failed, waits for those to end, whatever their outcome.
 */
export function workingSetKeeper(owner: DeviceOwner) {
  let trimmedAt = 0
  /** Whether every row on the device has its owner's profile, but for what `following` is fetching. */
  let ownersComplete = false
  return {
    async before() {
      await startOverIfStale(owner)
      // A copy starting from nothing gets every owner through `following`.
      if (!ownersComplete && !(await hasCheckpoint(owner))) ownersComplete = true
      if (Date.now() - trimmedAt >= trimEveryMs) {
        await trimWorkingSet(owner)
        trimmedAt = Date.now()
      }
    },
    pulling(client: Supabase, signal: AbortSignal) {
      const keepProfiles = async (ids: readonly string[]) => {
        if (ids.length > 0) await keepFetched(owner, { profiles: await fetchProfiles(client, ids, signal) })
      }
      // Owners of the pages applied so far, not yet looked for: a fetch takes all there are, so
      // when fetching falls behind the pages, it catches up in fewer, larger calls.
      const wanted = new Set<string>()
      // The customers the device holds: their keys read once a pull (one cheap read; the profiles
      // themselves would be thousands), then noted as they are fetched or pulled. Read again for
      // every fetch, the keys of a first sync's sixteen thousand customers would be walked each time.
      const held = new Set<string>()
      let heldRead: Promise<void> | undefined
      const fetchWanted = async () => {
        const ids = [...wanted]
        wanted.clear()
        if (ids.length === 0) return
        heldRead ??= db.profiles
          .toCollection()
          .primaryKeys()
          .then((keys) => keys.forEach((id) => held.add(id)))
        await heldRead
        const missing = ids.filter((id) => !held.has(id))
        await keepProfiles(missing)
        for (const id of missing) held.add(id)
      }
      let fetching: Promise<void> = Promise.resolve()
      return {
        /** The profiles' pull, noting the customers it brings, so that none is fetched again. */
        noting(stream: Stream<PulledProfile>): Stream<PulledProfile> {
          return {
            ...stream,
            async apply(pageOwner, rows, checkpoint) {
              await stream.apply(pageOwner, rows, checkpoint)
              for (const row of rows) if (row.deleted_at === null) held.add(row.id)
            },
          }
        },
        following<Row extends { user_id: string }>(stream: Stream<Row>): Stream<Row> {
          return {
            ...stream,
            async apply(pageOwner, rows, checkpoint) {
              await stream.apply(pageOwner, rows, checkpoint)
              if (rows.length === 0) return
              for (const row of rows) wanted.add(row.user_id)
              // One fetch at a time; a failure is the pull's, at `after` (until then it is not unhandled).
              fetching = fetching.then(fetchWanted)
              fetching.catch(() => undefined)
            },
          }
        },
        async after() {
          try {
            await fetching
          } catch (error) {
            ownersComplete = false
            throw error
          }
          if (!ownersComplete) await keepProfiles(await missingOwners())
          ownersComplete = true
        },
        async settled() {
          ownersComplete = false
          await fetching.catch(() => undefined)
        },
      }
    },
  }
}
