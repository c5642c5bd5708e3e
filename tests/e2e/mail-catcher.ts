import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'

/** The e2e stand-in's mail catcher (Mailpit's API), on the free port it wrote to its data folder (supabase/local/main.ts). */
function catcherUrl(): string {
  return readFileSync(join(process.env.E2E_BACKEND_DIR!, 'mail-catcher.url'), 'utf8').trim()
}

export interface CaughtMessage {
  ID: string
  Subject: string
  Text: string
  HTML: string
  To: { Address: string }[]
}

/** The mails caught for an address, oldest first, each read whole. */
export async function mailsTo(address: string): Promise<CaughtMessage[]> {
  const base = catcherUrl()
  const found = (await (await fetch(`${base}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`)).json()) as { messages: { ID: string }[] }
  const messages = await Promise.all(found.messages.map(async ({ ID }) => (await (await fetch(`${base}/api/v1/message/${ID}`)).json()) as CaughtMessage))
  return messages.reverse()
}

/** Waits for the `count`th mail to an address (the sender delivers the outbox every second) and returns them all. */
export async function waitForMails(address: string, count: number): Promise<CaughtMessage[]> {
  let mails: CaughtMessage[] = []
  await expect
    .poll(async () => (mails = await mailsTo(address)).length, { message: `${count} mails to ${address}`, timeout: 30_000 })
    .toBeGreaterThanOrEqual(count)
  return mails
}
