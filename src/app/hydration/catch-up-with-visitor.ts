type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Inputs a visitor does not type into or choose with. */
const notEntered = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file'])

/**
 * What a visitor did on a prerendered page before React had it. React starts from the state the
 * page was rendered with, so a field typed into meanwhile would show text its form does not know,
 * and a button pressed then did nothing (the page's inline loader held the press). Each changed
 * field reports its value as if entered now, then each held press is made again, in order.
 */
export function catchUpWithVisitor(root: ParentNode, heldPresses: readonly HTMLButtonElement[]): void {
  // Every value is read before any is reported: React re-renders a form after each change and
  // resets the fields whose values it does not know yet.
  const changes = [...root.querySelectorAll<Field>('input, textarea, select')].flatMap(changeOf)
  for (const report of changes) report()
  for (const button of heldPresses) if (button.isConnected) button.click()
}

function changeOf(field: Field): (() => void)[] {
  if (field instanceof HTMLSelectElement) {
    const value = field.value
    const changed = [...field.options].some((option) => option.selected !== option.defaultSelected)
    return changed ? [() => ((field.value = value), field.dispatchEvent(new Event('change', { bubbles: true })))] : []
  }
  if (field instanceof HTMLInputElement && notEntered.has(field.type)) return []
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // Of a group of radio buttons, the one chosen reports the choice; the one left follows.
    const checked = field.checked
    const changed = field.type === 'radio' ? checked && !field.defaultChecked : checked !== field.defaultChecked
    return changed ? [() => report(field, 'checked', field.defaultChecked, checked, 'click')] : []
  }
  const value = field.value
  return value !== field.defaultValue ? [() => report(field, 'value', field.defaultValue, value, 'input')] : []
}

/**
 * React notices a change by comparing a field with the value it last set or saw. That is made the
 * rendered value, the field then takes the visitor's value past React (the prototype's setter),
 * and the event React listens for on such a field makes it read the difference.
 */
function report<Property extends 'value' | 'checked'>(field: HTMLInputElement | HTMLTextAreaElement, property: Property, rendered: HTMLInputElement[Property], entered: HTMLInputElement[Property], eventType: 'input' | 'click') {
  Object.assign(field, { [property]: rendered })
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set?.call(field, entered)
  field.dispatchEvent(new Event(eventType, { bubbles: true }))
}
