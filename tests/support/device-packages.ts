import { db, type LocalPackage } from '@/local-db/db'
import { readChunkedPackages } from '@/local-db/package-chunks'

/** Every package this device holds, as rows or many to a record (src/local-db/package-chunks.ts). */
export const packagesOnDevice = async (): Promise<LocalPackage[]> => [...(await db.packages.toArray()), ...(await readChunkedPackages()).newest]
