-- Limits held equal (issue 45, "fix the class"): every limit the app checks before sending is the
-- database's, proved by property tests that feed the real functions and constraints random input
-- around each bound (tests/db/*-limits.test.ts). Where the two disagreed and the database was the
-- side to change, it changes here.

-- 1. Whitespace is JavaScript's, whatever the locale: trim_whitespace and normalise_tracking_code
-- named it as [[:space:]] plus a list, and [[:space:]] follows the database's locale (PGlite's
-- takes U+0085 for space, PostgreSQL's C.UTF-8 does not), so a text ending in U+0085 was one
-- character longer on one server than on the other and on the device. Now both list exactly the
-- characters String.prototype.trim() and \s take.
create or replace function public.normalise_tracking_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(p_code, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', '', 'g'))
$$;

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
