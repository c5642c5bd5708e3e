/**
 * The profiles table's checks on what a customer, an admin or a signup writes, in characters
 * (handle_new_user cuts a longer name or phone); tests/db/profile-limits.test.ts holds the two equal.
 */
export const profileLimits = {
  full_name: 200,
  phone: 40,
  country: 100,
  delivery_address: 500,
  city: 100,
  postal_code: 20,
  id_number: 50,
} as const
