import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, type ComponentType } from 'react'
import { useRoutes } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { ManagersOnly } from '@/features/admin/area/managers-only'

// The /admin area's sections, each its own chunk, routed here rather than in the app's route
// table: a first visit to the public site carries none of them.
const section = <Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) =>
  lazy(async () => ({ default: (await load())[name] }))

const Dashboard = section(() => import('@/features/admin/area/admin-dashboard-page'), 'AdminDashboardPage')
const Users = section(() => import('./admin-users-route'), 'AdminUsersRoute')
const Packages = section(() => import('@/features/admin/area/packages-page'), 'PackagesPage')
const Shipments = section(() => import('@/features/admin/shipments/shipments-page'), 'ShipmentsPage')
const Shipment = section(() => import('@/features/admin/shipments/shipment-desk-page'), 'ShipmentDeskPage')
const Rates = section(() => import('./admin-rates-route'), 'AdminRatesRoute')
const Reports = section(() => import('@/features/admin/reports/reports-page'), 'ReportsPage')
const Receivables = section(() => import('@/features/admin/money/receivables-page'), 'ReceivablesPage')
const Mail = section(() => import('@/features/admin/mail/mail-page'), 'MailPage')
const Content = section(() => import('@/features/admin/content/content-page'), 'ContentPage')
const Article = section(() => import('@/features/admin/content/article-editor-page'), 'ArticleEditorPage')
const Messages = section(() => import('@/features/admin/messages/messages-page'), 'MessagesPage')
const Message = section(() => import('@/features/admin/messages/message-page'), 'MessagePage')
const Subscribers = section(() => import('@/features/admin/messages/subscribers-page'), 'SubscribersPage')
const Audit = section(() => import('@/features/admin/audit/audit-page'), 'AuditPage')
const NotFound = section(() => import('../layout/not-found-page'), 'NotFoundPage')

export function AdminSections() {
  const { t } = useLingui()
  const routes = useRoutes([
    { index: true, element: <Dashboard /> },
    { path: 'users', element: <ManagersOnly><Users /></ManagersOnly> },
    { path: 'packages', element: <Packages /> },
    { path: 'shipments', element: <Shipments /> },
    { path: 'shipments/:shipmentId', element: <Shipment /> },
    { path: 'rates', element: <ManagersOnly><Rates /></ManagersOnly> },
    { path: 'reports', element: <ManagersOnly><Reports /></ManagersOnly> },
    { path: 'receivables', element: <ManagersOnly><Receivables /></ManagersOnly> },
    { path: 'mail', element: <ManagersOnly><Mail /></ManagersOnly> },
    { path: 'content', element: <ManagersOnly><Content /></ManagersOnly> },
    { path: 'content/articles/:articleId', element: <ManagersOnly><Article /></ManagersOnly> },
    { path: 'messages', element: <Messages /> },
    { path: 'messages/:messageId', element: <Message /> },
    { path: 'newsletter', element: <ManagersOnly><Subscribers /></ManagersOnly> },
    { path: 'audit', element: <ManagersOnly><Audit /></ManagersOnly> },
    { path: '*', element: <NotFound /> },
  ])
  return <Suspense fallback={<Spinner label={t`Loading…`} />}>{routes}</Suspense>
}
