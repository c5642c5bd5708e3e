import { useState, type FormEvent } from 'react'
import type { FieldErrors } from '@/components/form-validation'

/**
 * The state every account form shares: inline errors, the service's error line and a busy flag.
 * `submit` validates first and only then runs the call.
 */
export function useAuthForm<Field extends string>(validate: () => FieldErrors<Field>) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [serviceError, setServiceError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function submit(run: () => Promise<string | null | void>) {
    return async (event: FormEvent) => {
      event.preventDefault()
      const found = validate()
      setErrors(found)
      if (Object.keys(found).length > 0) return
      setBusy(true)
      setServiceError(null)
      try {
        setServiceError((await run()) ?? null)
      } finally {
        setBusy(false)
      }
    }
  }

  return { errors, serviceError, busy, submit }
}
