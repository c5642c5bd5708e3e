-- Text as the app normalises it, so the device and the database agree. Neither helper is for the API.

-- The tracking number as prealerts keep it: no whitespace anywhere (JavaScript's \s, so the app's
-- normaliseTrackingCode and this agree), uppercase. Shared by save_prealert and the matching in
-- register_package.
create or replace function public.normalise_tracking_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(p_code, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', '', 'g'))
$$;

-- Text as the app's String.prototype.trim() leaves it: the same whitespace off both ends.
create or replace function public.trim_whitespace(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(p_text,
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;

revoke execute on function public.normalise_tracking_code(text) from public, anon, authenticated;
revoke execute on function public.trim_whitespace(text) from public, anon, authenticated;
