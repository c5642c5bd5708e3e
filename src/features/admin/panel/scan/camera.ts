export type CameraProblem = 'no-camera' | 'denied' | 'busy' | 'failed'

/** The camera facing away from the screen where there is one (a phone's or tablet's), any other otherwise. */
export async function openRearCamera(): Promise<MediaStream> {
  // Missing outside a secure context and in browsers without camera support: no camera to use either way.
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError')
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
}

export function stopCamera(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop()
}

/** What the admin can do something about, from getUserMedia's errors. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError') return 'no-camera'
  // Another app or tab holds the camera (Windows, Android), or the driver gave up.
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy'
  return 'failed'
}
