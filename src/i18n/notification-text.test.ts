import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import type { NotificationRow } from '@/local-db/rows'
import { messages as en } from '../../locales/en/notifications.po'
import { messages as es } from '../../locales/es/notifications.po'
import { notificationText } from './notification-text'

const i18n = setupI18n({ messages: { es, en } })
const reminder = (payload: NotificationRow['payload']): NotificationRow => ({ id: 'n1', kind: 'storage_ending', payload, created_at: '2026-03-01T13:00:00Z', read_at: null })

describe('a storage reminder', () => {
  it('says the days really left, in both languages', () => {
    i18n.activate('en')
    expect(notificationText(reminder({ tracking_code: 'TBA1', days_left: 3 }), i18n).title).toBe('The free storage of package TBA1 ends in 3 days')
    expect(notificationText(reminder({ tracking_code: 'TBA1', days_left: 1 }), i18n).title).toBe('The free storage of package TBA1 ends in 1 day')
    i18n.activate('es')
    expect(notificationText(reminder({ tracking_code: 'TBA1', days_left: 4 }), i18n).title).toBe('El almacenaje gratis del paquete TBA1 termina en 4 días')
  })

  it('on the last day, says it is today; caught up after a missed last day, says how long ago it was', () => {
    const lastDay = (days_left: number): NotificationRow => ({ ...reminder({ tracking_code: 'TBA1', days_left }), kind: 'storage_last_day' })
    i18n.activate('en')
    expect(notificationText(lastDay(0), i18n).title).toBe('Today is the last day of free storage for package TBA1')
    expect(notificationText(lastDay(-2), i18n).title).toBe('The free storage of package TBA1 ended 2 days ago')
    i18n.activate('es')
    expect(notificationText(lastDay(-1), i18n).title).toBe('El almacenaje gratis del paquete TBA1 terminó hace 1 día')
  })

  it('made before it carried the days left, says the five days it was made at', () => {
    i18n.activate('en')
    expect(notificationText(reminder({ tracking_code: 'TBA1' }), i18n).title).toBe('The free storage of package TBA1 ends in 5 days')
  })
})
