import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

const control =
  'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 dark:bg-slate-900 dark:text-slate-100'

interface FieldProps {
  label: string
  error?: string
  hint?: string
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode
}

/** A labelled form control whose error is announced and tied to it. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId()
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined
  const border = error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: `${control} ${border}` })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

type Labelled = { label: string; error?: string; hint?: string }

/** `aria-invalid` and `aria-describedby` may also come from outside, when the error is a group's (shown once under several fields). */
export function TextField({ label, error, hint, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field {...{ label, error, hint }}>
      {(props) => <input {...input} {...props} aria-invalid={props['aria-invalid'] ?? input['aria-invalid']} aria-describedby={props['aria-describedby'] ?? input['aria-describedby']} />}
    </Field>
  )
}

export function TextAreaField({ label, error, hint, ...input }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field {...{ label, error, hint }}>{(props) => <textarea rows={5} {...input} {...props} />}</Field>
}

export function SelectField({ label, error, hint, children, ...input }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return <Field {...{ label, error, hint }}>{(props) => <select {...input} {...props}>{children}</select>}</Field>
}
