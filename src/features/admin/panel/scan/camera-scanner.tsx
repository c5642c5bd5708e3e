import { useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { cameraProblem, openRearCamera, stopCamera, type CameraProblem } from './camera'
import { loadBarcodeDetector } from './load-barcode-detector'

type Phase = 'starting' | 'scanning' | CameraProblem

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))

/**
 * The camera's preview, read frame after frame until a code shows up: `onCode` gets the first one.
 * The camera is on only while this is on screen.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [phase, setPhase] = useState<Phase>('starting')
  const found = useEffectEvent(onCode)

  useEffect(() => {
    let stopped = false
    let stream: MediaStream | null = null
    const release = () => {
      if (stream) stopCamera(stream)
    }
    async function scan(preview: HTMLVideoElement) {
      stream = await openRearCamera()
      if (stopped) return release()
      preview.srcObject = stream
      await preview.play()
      const reader = await loadBarcodeDetector()
      setPhase('scanning')
      while (!stopped) {
        const codes = preview.readyState >= preview.HAVE_CURRENT_DATA ? await reader.detect(preview) : []
        const code = codes.map(({ rawValue }) => rawValue.trim()).find(Boolean)
        if (code && !stopped) return found(code)
        await nextFrame()
      }
    }
    scan(video.current!).catch((error: unknown) => {
      release()
      if (!stopped) setPhase(cameraProblem(error))
    })
    return () => {
      stopped = true
      release()
    }
  }, [])

  return (
    <div className="space-y-3">
      <video ref={video} muted playsInline aria-hidden="true" className="aspect-4/3 w-full rounded-xl bg-slate-950 object-cover" />
      <ScanPhase phase={phase} />
    </div>
  )
}

function ScanPhase({ phase }: { phase: Phase }) {
  const { t } = useLingui()
  const problems: Record<CameraProblem, string> = {
    'no-camera': t`No camera was found on this device. Type the tracking code instead.`,
    denied: t`Camera access is blocked for this site. Allow it in the browser's site settings and try again.`,
    busy: t`The camera is in use by another app or tab. Close it and try again.`,
    failed: t`The camera or the scanner could not start. Type the tracking code instead.`,
  }
  if (phase === 'starting' || phase === 'scanning') {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {phase === 'starting' ? t`Starting the camera…` : t`Point the camera at the barcode on the label.`}
      </p>
    )
  }
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {problems[phase]}
    </p>
  )
}
