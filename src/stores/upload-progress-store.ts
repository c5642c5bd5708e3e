import { create } from 'zustand'

/** How much of a queued file has gone to the server, as the upload sending it counts. */
export interface UploadProgress {
  sent: number
  total: number
}

/** Files being uploaded from this page now, by their op's id (the queue itself says which are waiting). */
export const useUploadProgressStore = create<Record<string, UploadProgress>>()(() => ({}))

export function reportUploadProgress(opId: string, sent: number, total: number): void {
  useUploadProgressStore.setState({ [opId]: { sent, total } })
}

/** The upload was refused: tried again, it starts from nothing. */
export function forgetUploadProgress(opId: string): void {
  useUploadProgressStore.setState(({ [opId]: _gone, ...rest }) => rest, true)
}

/** Forgets every upload but these (those still queued): a file sent stays at its end until its op leaves the queue. */
export function keepUploadProgressOf(opIds: ReadonlySet<string>): void {
  useUploadProgressStore.setState((state) => Object.fromEntries(Object.entries(state).filter(([opId]) => opIds.has(opId))), true)
}

export const useUploadProgress = (opId: string): UploadProgress | undefined => useUploadProgressStore((state) => state[opId])
