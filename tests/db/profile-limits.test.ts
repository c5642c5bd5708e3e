// A profile's limits on the device and in the database accept and refuse the same input, on PGlite and
// PostgreSQL 15, wherever a profile is written: a customer's own (validateProfile; the update
// profileChanges makes, as that customer), an admin's edit of another user (validateUser; the update
// userChanges makes, as the admin), and a signup (validateSignup; handle_new_user, which keeps the name
// and phone signupProfile sends, or cuts them). Each field's length in characters around the profiles
// table's checks. The device's own rules (a name is required, a phone has digits, spaces and + ( ) -
// only) are met by every input here: the database has none of them.
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { profileLimits } from '@/components/profile-limits'
import { validateUser, userChanges, type UserForm } from '@/features/admin/area/user-validation'
import { signupProfile, validateSignup, type SignupForm } from '@/features/auth/signup-validation'
import { editableProfileFields, profileChanges, validateProfile, type EditableProfile } from '@/features/customer/profile-validation'
import { textAround, textOf, varyingFieldsOf } from './around-limits.ts'
import { createApiUser, engines, type Engine } from './engines.ts'
import { openForVerdicts, verdicts } from './verdicts.ts'

/** Text around the limit of a field: a name never blank, a phone of phone characters. */
const fieldArb = (field: keyof typeof profileLimits) => {
  const max = profileLimits[field]
  if (field === 'phone') return textOf(fc.integer({ min: max - 1, max: max + 1 }), fc.constantFrom('5', '+', '(', ')', '-', ' ', '5'), '5')
  return textAround([field === 'full_name' ? 2 : 0, max])
}

const valid: EditableProfile = { full_name: 'Ana Pérez', phone: '+58 412 555 0101', country: 'Venezuela', delivery_address: 'Av. Libertador 12', city: 'Caracas', postal_code: '1010', id_number: 'V-12345678' }
const profileArb = varyingFieldsOf(fc.record(Object.fromEntries(editableProfileFields.map((field) => [field, fieldArb(field)])) as Record<keyof EditableProfile, fc.Arbitrary<string>>), valid)
const userArb: fc.Arbitrary<UserForm> = varyingFieldsOf(
  fc.record({ fullName: fieldArb('full_name'), phone: fieldArb('phone'), role: fc.constant('user' as const), plan: fc.constantFrom('basic' as const, 'premium' as const) }),
  { fullName: valid.full_name, phone: valid.phone, role: 'user', plan: 'basic' },
)
const signupArb: fc.Arbitrary<SignupForm> = varyingFieldsOf(fc.record({ fullName: fieldArb('full_name'), phone: fieldArb('phone'), email: fc.constant('ana@example.com'), password: fc.constant('secret-1') }), {
  fullName: valid.full_name,
  phone: '',
  email: 'ana@example.com',
  password: 'secret-1',
})

describe.each(engines)('a profile’s limits, device and database ($engine)', ({ open }) => {
  let db: Engine
  openForVerdicts(open, (opened) => (db = opened))

  beforeAll(async () => {
    // A signup as GoTrue makes it, refused ('cut') when the profile does not keep the name and phone sent.
    await db.owner(`
      create function pg_temp.sign_up(p_profile jsonb) returns void language plpgsql as $$
      declare
        v_id uuid := gen_random_uuid();
        v_profile public.profiles;
      begin
        insert into auth.users (id, aud, role, email, raw_user_meta_data)
        values (v_id, 'authenticated', 'authenticated', v_id || '@example.test', p_profile);
        select * into v_profile from public.profiles where id = v_id;
        if v_profile.full_name is distinct from p_profile ->> 'full_name' or v_profile.phone is distinct from p_profile ->> 'phone' then
          raise exception 'kept % and % of what was sent', v_profile.full_name, v_profile.phone using hint = 'cut';
        end if;
      end $$`)
  }, 60_000)

  const setEach = (fields: readonly string[]) => fields.map((field) => `${field} = $1 ->> '${field}'`).join(', ')

  it('a customer’s own profile', async () => {
    const customer = await createApiUser(db)
    const save = `update public.profiles set ${setEach(editableProfileFields)} where id = auth.uid()`
    await fc.assert(
      fc.asyncProperty(fc.array(profileArb, { minLength: 20, maxLength: 20 }), async (forms) => {
        const database = await verdicts(db, customer, save, forms.map(profileChanges))
        forms.forEach((form, index) => expect(Object.keys(validateProfile(form)).length === 0, JSON.stringify({ form, database: database[index] })).toBe(database[index] === 'accepted'))
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })

  it('an admin’s edit of another user', async () => {
    const [admin, customer] = await Promise.all([createApiUser(db, true), createApiUser(db)])
    const save = `update public.profiles set ${setEach(['full_name', 'phone', 'role', 'plan'])} where id = '${customer.sub}'`
    await fc.assert(
      fc.asyncProperty(fc.array(userArb, { minLength: 20, maxLength: 20 }), async (forms) => {
        const database = await verdicts(db, admin, save, forms.map(userChanges))
        forms.forEach((form, index) => expect(Object.keys(validateUser(form)).length === 0, JSON.stringify({ form, database: database[index] })).toBe(database[index] === 'accepted'))
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })

  it('a signup', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(signupArb, { minLength: 20, maxLength: 20 }), async (forms) => {
        const sent = forms.map((form) => {
          const { fullName, phone } = signupProfile(form)
          return { full_name: fullName, phone }
        })
        const database = await verdicts(db, 'owner', `select pg_temp.sign_up($1)`, sent)
        forms.forEach((form, index) => expect(Object.keys(validateSignup(form)).length === 0, JSON.stringify({ form, database: database[index] })).toBe(database[index] === 'accepted'))
      }),
      { numRuns: 30, endOnFailure: true },
    )
  })
})
