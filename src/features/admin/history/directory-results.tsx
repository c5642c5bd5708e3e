import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@/components/ui/button'
import { useDeviceWrite } from '@/components/use-device-write'
import { useHeldIds } from '@/local-db/admin-queries'
import type { LocalProfile } from '@/local-db/queries'
import type { PulledProfile } from '@/local-db/rows'
import { keepFetched } from '@/local-db/working-set'
import { DataTable } from '../area/data-table'
import { FromHistoryMark, HistorySection } from './history-section'
import { useHistorySearch } from './use-history-search'

type LiveProfile = Extract<PulledProfile, { email: string | null }>

const matches = (profile: LiveProfile, needle: string) => [profile.full_name, profile.email, profile.locker_code].some((value) => value?.toLowerCase().includes(needle))

/**
 * Below the users on this device: the customers of the whole directory on the server whose name,
 * email or locker matches `query` and who are not on the device. Editing one keeps them on it.
 */
export function DirectoryResults({ adminId, query, onEdit }: { adminId: string; query: string; onEdit: (user: LocalProfile) => void }) {
  const { t } = useLingui()
  const search = useHistorySearch(query)
  const needle = query.trim().toLowerCase()
  const matched = search.state === 'loading' || search.state === 'done' ? search.profiles.filter((profile): profile is LiveProfile => profile.deleted_at === null && matches(profile, needle)) : []
  const held = useHeldIds('profiles', matched.map((profile) => profile.id))
  const write = useDeviceWrite()
  const others = matched.filter((profile, i) => held && !held.has(profile.id) && matched.findIndex((other) => other.id === profile.id) === i)

  async function edit({ deleted_at: _, ...profile }: LiveProfile) {
    if (await write(() => keepFetched(adminId, { profiles: [{ ...profile, deleted_at: null }], opened: [profile.id] }))) onEdit(profile)
  }

  return (
    <HistorySection
      query={query}
      search={search}
      heading={t`In the whole directory`}
      found={
        others.length === 0 ? null : (
          <DataTable columns={[<Trans key="name">Name</Trans>, <Trans key="email">Email</Trans>, <Trans key="locker">Locker</Trans>, <Trans key="edit">Edit</Trans>]}>
            {others.map((user) => (
              <tr key={user.id} data-testid="directory-row">
                <td className="px-4 py-3 font-medium">
                  {user.full_name || '—'} <FromHistoryMark />
                </td>
                <td className="px-4 py-3">{user.email}</td>
                <td className="px-4 py-3 font-mono">{user.locker_code}</td>
                <td className="px-4 py-3">
                  <Button variant="secondary" onClick={() => void edit(user)} aria-label={t`Edit ${user.email}`}>
                    <Trans>Edit</Trans>
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )
      }
    />
  )
}
