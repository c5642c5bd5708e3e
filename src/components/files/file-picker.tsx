import type { ReactNode } from 'react'
import { buttonClasses, type ButtonVariant } from '@/components/ui/button-classes'

interface FilePickerProps {
  /** The control's visible name, also the file input's label. */
  label: string
  accept: string
  multiple?: boolean
  /** On a phone, open the camera rather than the files. */
  capture?: 'environment' | 'user'
  disabled?: boolean
  variant?: ButtonVariant
  icon?: ReactNode
  /** Drawn instead of the button look (the label's text still names the input). */
  look?: { className: string; children: ReactNode }
  onFiles: (files: File[]) => void
}

/** A button that opens the device's files (or its camera): a label around a visually hidden file input, so it has the label's name. */
export function FilePicker({ label, accept, multiple, capture, disabled, variant = 'secondary', icon, look, onFiles }: FilePickerProps) {
  return (
    <label className={`${look?.className ?? buttonClasses(variant)} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 ${disabled ? 'pointer-events-none opacity-60' : ''}`}>
      {look?.children ?? icon}
      {label}
      <input
        type="file"
        className="sr-only"
        accept={accept}
        multiple={multiple}
        capture={capture}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          // Cleared, so choosing the same file again is a change too.
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </label>
  )
}
