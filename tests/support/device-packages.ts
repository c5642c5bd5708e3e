import { readClosedPackages } from '@/local-db/closed-packages'
import { db, type LocalPackage } from '@/local-db/db'

/** Every package this device holds, as rows or many to a record (src/local-db/closed-packages.ts). */
export const packagesOnDevice = async (): Promise<LocalPackage[]> => [...(await db.packages.toArray()), ...(await readClosedPackages()).newest]
