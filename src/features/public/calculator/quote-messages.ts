import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AddOn, QuoteLimits, QuoteProblem, Units } from './shipping-quote'

export const addOnNames: Record<AddOn, MessageDescriptor> = {
  photos: msg`Package photos`,
  insurance: msg`Insurance`,
  express: msg`Express shipping (3-5 days)`,
  consolidation: msg`Consolidation`,
}

/** What is wrong with a field, naming the limit in the units the form is in. */
export function problemMessage(problem: QuoteProblem, units: Units, limits: QuoteLimits): MessageDescriptor {
  const { weight, linearSize } = limits[units]
  switch (problem) {
    case 'required':
      return msg`Enter a number.`
    case 'notPositive':
      return msg`Enter a number greater than 0.`
    case 'tooHeavy':
      return units === 'imperial' ? msg`The maximum is ${weight} lb per package.` : msg`The maximum is ${weight} kg per package.`
    case 'tooLarge':
      return units === 'imperial'
        ? msg`Length + width + height may add up to ${linearSize} in at most.`
        : msg`Length + width + height may add up to ${linearSize} cm at most.`
  }
}
