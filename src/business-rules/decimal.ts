/**
 * Exact decimals computed the way PostgreSQL's `numeric` computes them, so that a price worked out on
 * the device is the database's to the cent. A value is an integer of units at a display scale, as
 * `numeric` keeps it ('2.50' is 250 at scale 2): sums keep the larger scale, products add scales, and
 * a quotient is rounded half away from zero at the scale `numeric` picks (see `dividedBy`).
 */
export interface Decimal {
  readonly units: bigint
  readonly scale: number
}

const decimalText = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i
const pow10 = (exponent: number) => 10n ** BigInt(exponent)

/** A decimal as written ("2.50", "1e-7", 30) exactly, or null when it is not one. */
export function parseDecimal(value: number | string): Decimal | null {
  const match = decimalText.exec(String(value).trim())
  if (!match || (match[2] === '' && !match[3])) return null
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  const units = BigInt(`${sign}${whole}${fraction}` || '0')
  const scale = fraction.length - Number(exponent)
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 }
}

/** A decimal known to be one (a rate, a stored weight); throws otherwise. */
export function decimal(value: number | string): Decimal {
  const parsed = parseDecimal(value)
  if (!parsed) throw new RangeError(`${String(value)} is not a decimal`)
  return parsed
}

const atScale = (value: Decimal, scale: number) => value.units * pow10(scale - value.scale)

export function plus(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale)
  return { units: atScale(a, scale) + atScale(b, scale), scale }
}

export const minus = (a: Decimal, b: Decimal): Decimal => plus(a, { units: -b.units, scale: b.scale })

export const times = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale })

export function compare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale)
  const difference = atScale(a, scale) - atScale(b, scale)
  return difference === 0n ? 0 : difference > 0n ? 1 : -1
}

export const greatest = (a: Decimal, b: Decimal): Decimal => (compare(a, b) >= 0 ? a : b)

/** numerator / denominator (denominator > 0) to a whole number, half away from zero as `round(numeric)`. */
function roundQuotient(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator
  const remainder = numerator % denominator
  const twice = remainder < 0n ? -2n * remainder : 2n * remainder
  return twice >= denominator ? quotient + (numerator < 0n ? -1n : 1n) : quotient
}

/** The nearest whole number, half away from zero, as PostgreSQL's `round(numeric)`. */
export const roundHalfAwayFromZero = (value: Decimal): bigint => roundQuotient(value.units, pow10(value.scale))

/** The least whole number not below the value, as `ceil(numeric)`. */
export function ceiling(value: Decimal): bigint {
  const divisor = pow10(value.scale)
  const quotient = value.units / divisor
  return value.units % divisor > 0n ? quotient + 1n : quotient
}

/** The greatest whole number not above the value, as `floor(numeric)`. */
export const floor = (value: Decimal): bigint => -ceiling({ units: -value.units, scale: value.scale })

/** The decimal as `numeric` prints it ('2.50'). */
export function toText(value: Decimal): string {
  const digits = (value.units < 0n ? -value.units : value.units).toString().padStart(value.scale + 1, '0')
  const sign = value.units < 0n ? '-' : ''
  return value.scale === 0 ? sign + digits : `${sign}${digits.slice(0, -value.scale)}.${digits.slice(-value.scale)}`
}

/** The nearest number, for showing. */
export const toNumber = (value: Decimal): number => Number(toText(value))

/** numeric keeps base-10,000 digits: the weight of the leading one and its value (both 0 for zero). */
function leadingDigit(value: Decimal): { weight: number; digit: bigint } {
  const units = value.units < 0n ? -value.units : value.units
  if (units === 0n) return { weight: 0, digit: 0n }
  const exponent = units.toString().length - 1 - value.scale
  const weight = Math.floor(exponent / 4)
  const shift = value.scale + 4 * weight
  return { weight, digit: shift >= 0 ? units / pow10(shift) : units * pow10(-shift) }
}

/**
 * a / b as `numeric` divides (PostgreSQL's select_div_scale): at least 16 significant digits, never
 * fewer decimals than either operand has, the last one rounded half away from zero. A volume over a
 * volumetric divisor is such a quotient, and the billable pound depends on its last digit.
 */
export function dividedBy(a: Decimal, b: Decimal): Decimal {
  if (b.units === 0n) throw new RangeError('division by zero')
  const dividend = leadingDigit(a)
  const divisor = leadingDigit(b)
  const quotientWeight = dividend.weight - divisor.weight - (dividend.digit <= divisor.digit ? 1 : 0)
  const scale = Math.min(1000, Math.max(16 - 4 * quotientWeight, a.scale, b.scale, 0))
  const sign = b.units < 0n ? -1n : 1n
  const numerator = a.units * pow10(scale + b.scale) * sign
  const denominator = b.units * pow10(a.scale) * sign
  return { units: roundQuotient(numerator, denominator), scale }
}
