// Stripe's request bodies: application/x-www-form-urlencoded with bracketed keys
// (`line_items[0][price_data][unit_amount]=500`, `metadata[user_id]=…`), read into nested objects.

export type FormValue = string | FormObject
export interface FormObject {
  [key: string]: FormValue
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean)
    let node = root
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value
      else {
        const next = node[part]
        node = typeof next === 'object' ? next : (node[part] = {})
      }
    })
  }
  return root
}

/** A nested field as text, if it is one. */
export function field(form: FormObject, ...path: string[]): string | undefined {
  let node: FormValue | undefined = form
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}

/** A nested table of texts (metadata), if there is one. */
export function texts(form: FormObject, key: string): Record<string, string> {
  const node = form[key]
  if (typeof node !== 'object') return {}
  return Object.fromEntries(Object.entries(node).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}
