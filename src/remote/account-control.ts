import { getSupabase } from './client'
import { functionRefusal } from './function-refusal'
import { RefusedError } from './refused-error'

/**
 * A copy of everything the business holds about the signed-in customer (`export_my_data`, version 1:
 * profile, locker, preferences, packages with their history, prealerts, shipments with items and
 * history, account lines, notifications and the list of their files).
 */
export async function exportMyData(): Promise<Record<string, unknown>> {
  const client = await getSupabase()
  const { data, error } = await client.rpc('export_my_data')
  if (error) throw new RefusedError(error)
  return data as Record<string, unknown>
}

/** Closes the signed-in customer's account through the `delete-account` Edge Function, their password proving it is them. */
export async function deleteMyAccount(password: string): Promise<void> {
  const client = await getSupabase()
  const { error } = await client.functions.invoke('delete-account', { body: { password } })
  if (error) throw await functionRefusal(error)
}
