// The stand-in's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, else
// made on first start and kept in the data folder (browsers' subscriptions are bound to the public
// key, so it must outlive a restart), else, for an in-memory database, made once per process.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import webPush from 'web-push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

let processKeys: VapidKeys | undefined

export async function loadVapidKeys(dataDir: string | undefined): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = process.env
  if (publicKey && privateKey) return { publicKey, privateKey }
  if (publicKey || privateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither')
  if (!dataDir) return (processKeys ??= webPush.generateVAPIDKeys())
  const file = join(dataDir, 'vapid.json')
  const saved = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (saved === undefined) {
    const keys = webPush.generateVAPIDKeys()
    await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
    return keys
  }
  const keys = JSON.parse(saved) as Partial<VapidKeys>
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error(`${file} must hold { "publicKey", "privateKey" }: delete it to make new keys`)
  return { publicKey: keys.publicKey, privateKey: keys.privateKey }
}
