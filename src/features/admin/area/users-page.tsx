import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { Avatar } from '@/components/files/avatar'
import { PageMeta } from '@/components/page-meta'
import { Link } from '@/components/links'
import { Button } from '@/components/ui/button'
import { buttonClasses } from '@/components/ui/button-classes'
import { TextField } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/i18n/format'
import { paths, useLang } from '@/i18n/paths'
import { useUsersPage } from '@/local-db/admin-queries'
import type { Customer } from '@/local-db/directory'
import { useSyncedAt } from '@/local-db/queries'
import { useSessionUser } from '@/stores/session-store'
import { useSyncStatusStore } from '@/stores/sync-status-store'
import { Pager } from '../pager'
import { roleLabels } from '../role-labels'
import { DataTable } from './data-table'
import type { ResetTwoStep } from './reset-two-step-button'
import { UserEditDialog, type SaveUser } from './user-edit-dialog'

const pageSize = 50

/**
 * Every user of the directory on this device (offline too), newest first, searched by locker code,
 * email, name, phone or role; each editable in a dialog.
 */
export function UsersPage({ saveUser, resetTwoStep }: { saveUser: SaveUser; resetTwoStep: ResetTwoStep }) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const admin = useSessionUser()!
  const [search, setSearch] = useState('')
  const [offset, setOffset] = useState(0)
  const [editing, setEditing] = useState<Customer | null>(null)
  const labels = useMemo(() => ({ user: i18n._(roleLabels.user), clerk: i18n._(roleLabels.clerk), admin: i18n._(roleLabels.admin) }), [i18n])
  const page = useUsersPage(search, labels, offset, pageSize)
  const directorySynced = useSyncedAt(admin.id, 'directory')
  const syncError = useSyncStatusStore((state) => state.error)

  return (
    <>
      <PageMeta title={t`Users`} description={t`Customers and staff, with their lockers.`} />
      <h1 className="text-2xl font-extrabold">
        <Trans>Users</Trans>
      </h1>
      <div className="max-w-md">
        <TextField
          label={t`Search by name, email or role`}
          hint={t`A locker code or phone number finds its customer too.`}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setOffset(0)
          }}
        />
      </div>
      {syncError && directorySynced === null && (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <Trans>The users could not be loaded.</Trans>
        </p>
      )}
      {!page ? (
        <Spinner label={t`Loading users…`} />
      ) : page.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {search ? <Trans>No user matches “{search}”.</Trans> : <Trans>No users yet.</Trans>}
        </p>
      ) : (
        <DataTable
          columns={[
            <Trans key="name">Name</Trans>,
            <Trans key="email">Email</Trans>,
            <Trans key="locker">Locker</Trans>,
            <Trans key="role">Role</Trans>,
            <Trans key="since">Since</Trans>,
            <span key="actions" className="sr-only">
              <Trans>Actions</Trans>
            </span>,
          ]}
        >
          {page.rows.map((user) => (
            <tr key={user.id} data-testid="user-row">
              <td className="px-4 py-3 font-medium">
                <span className="flex items-center gap-2">
                  <Avatar profile={user} className="size-8 text-sm" decorative />
                  {user.full_name || '—'}
                </span>
              </td>
              <td className="px-4 py-3">{user.email}</td>
              <td className="px-4 py-3 font-mono">{user.locker_code}</td>
              <td className="px-4 py-3">{labels[user.role]}</td>
              <td className="px-4 py-3 text-slate-600 dark:text-slate-400">{formatDateTime(user.created_at, lang)}</td>
              <td className="space-x-2 px-4 py-3 text-right whitespace-nowrap">
                {user.role === 'user' && (
                  // The desk opens the customer with their account: statement, payments, corrections.
                  <Link to={`${paths.page(lang, 'adminPanel')}?customer=${user.id}`} className={buttonClasses('secondary')} aria-label={t`Account of ${user.email}`}>
                    <Trans>Account</Trans>
                  </Link>
                )}
                <Button variant="secondary" onClick={() => setEditing(user)} aria-label={t`Edit ${user.email}`}>
                  <Trans>Edit</Trans>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {page && <Pager offset={offset} pageSize={pageSize} total={page.total} onOffset={setOffset} />}
      {editing && <UserEditDialog user={editing} self={editing.id === admin.id} saveUser={saveUser} resetTwoStep={resetTwoStep} onClose={() => setEditing(null)} />}
    </>
  )
}
