// Random input around a limit both the device and the database check: counts, texts and typed
// decimals just under, on and just over each bound, in the forms people type them.
import fc from 'fast-check'
import { decimal, toText } from '@/business-rules/decimal'

/** A count at the bottom or the top of a limit: one under, on it, one over. */
export const countAround = (max: number) => fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: max - 1, max: max + 1 }))

/** Whitespace JavaScript's trim() and \s take, some of it beyond ASCII. */
export const whitespace = [' ', '\t', '\n', '\u00a0', '\u2007', '\u3000', '\u2028', '\ufeff'] as const

/**
 * Characters that are one each as PostgreSQL counts them and not whitespace to JavaScript: an emoji
 * (two UTF-16 units), letters of two and three bytes, and some a locale may take for space (U+0085,
 * U+180E, U+200B).
 */
export const characters = ['a', 'ñ', '中', '😀', '\u0085', '\u180e', '\u200b'] as const

/**
 * Text of `length` characters once trimmed (an inner space among them), maybe padded with whitespace;
 * `edge` stands for a space at either end of those characters.
 */
export const textOf = (length: fc.Arbitrary<number>, inner: fc.Arbitrary<string> = fc.constantFrom(...characters, ' '), edge = 'a') => {
  const padding = fc.array(fc.constantFrom(...whitespace), { maxLength: 2 }).map((spaces) => spaces.join(''))
  return fc
    .tuple(padding, length.chain((n) => fc.array(inner, { minLength: n, maxLength: n })), padding)
    .map(([before, middle, after]) => before + middle.map((c, i) => (c.trim() === '' && (i === 0 || i === middle.length - 1) ? edge : c)).join('') + after)
}

/** Text whose trimmed length is around both ends of [min, max]. */
export const textAround = ([min, max]: readonly [number, number], inner?: fc.Arbitrary<string>) =>
  textOf(fc.oneof(fc.integer({ min: Math.max(0, min - 1), max: min + 1 }), fc.integer({ min: max - 1, max: max + 1 })), inner)

/** A decimal of up to `decimals` decimals from `min` to `max`, as a rate or a scale reads it. */
export const decimalBetween = (min: number, max: number, decimals: number) =>
  fc.integer({ min: 0, max: decimals }).chain((scale) => fc.integer({ min: min * 10 ** scale, max: max * 10 ** scale }).map((units) => (units / 10 ** scale).toFixed(scale)))

/**
 * A number as people type it near `value` (a bound): a step or two either side of it with up to one
 * decimal more than `decimals`, sometimes with zeros after ("2.50"), without the leading zero
 * (".5") or with a bare point ("5.").
 */
export const typedNear = (value: number | string, decimals: number) => {
  const near = decimal(value)
  return fc
    .record({
      scale: fc.integer({ min: near.scale, max: Math.max(near.scale, decimals + 1) }),
      step: fc.integer({ min: -2, max: 2 }),
      zeros: fc.constantFrom('', '', '0', '00'),
      form: fc.constantFrom('plain', 'plain', 'no leading zero', 'bare point'),
    })
    .map(({ scale, step, zeros, form }) => {
      const units = near.units * 10n ** BigInt(scale - near.scale) + BigInt(step)
      const typed = toText({ units: units < 0n ? 0n : units, scale }) + (scale > 0 ? zeros : '')
      if (form === 'no leading zero' && typed.startsWith('0.')) return typed.slice(1)
      return form === 'bare point' && !typed.includes('.') ? `${typed}.` : typed
    })
}

/**
 * Forms with some fields (often just one) from `random` and the rest as in `valid`: a refusal stops at
 * the first field wrong, so each field's own bounds are met often, not only when all the others pass.
 */
export const varyingFieldsOf = <T extends object>(random: fc.Arbitrary<T>, valid: T): fc.Arbitrary<T> => {
  const fields = Object.keys(valid) as (keyof T)[]
  const varying = fc.oneof(fc.constantFrom(...fields).map((field) => [field]), fc.subarray(fields, { minLength: 1 }))
  return fc.tuple(random, varying).map(([form, chosen]) => ({ ...valid, ...Object.fromEntries(chosen.map((field) => [field, form[field]])) }))
}
