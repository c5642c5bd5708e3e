-- The whole history, searched on the server (staff only): an admin's device keeps only its working
-- set (80_pulls.sql). A query of at least 3 characters matches anywhere in a tracking number, a locker
-- code, a customer's email or name, in any case (the trigram indexes of packages, lockers and profiles
-- keep it fast at a million packages). Packages come newest recorded first (created_at desc, id), a page
-- at a time, with their history and their owners' profiles; customers who matched come too, packages
-- or not. Each page starts after the last row of the one before (p_after, the `next` the previous page
-- returned): a package's created_at never changes, so a row changed or added between pages is never
-- listed twice, and none of the older ones is skipped. SECURITY DEFINER after its own staff check
-- (staff read every row anyway): under RLS, ILIKE (not leakproof) may not run before the policies'
-- checks, so no index could serve it and every search would read every package.
create or replace function public.search_history(p_query text, p_limit integer default 50, p_after jsonb default null)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := pg_catalog.btrim(coalesce(p_query, ''));
  v_pattern text;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_after_created_at timestamptz;
  v_after_id uuid;
  v_owners uuid[];
  v_found uuid[];
  v_page uuid[];
begin
  if not public.is_staff() then
    raise exception 'only staff can search the whole history' using errcode = '42501', hint = 'staff_only';
  end if;
  if pg_catalog.char_length(v_query) < 3 then
    raise exception 'type at least 3 characters to search the history' using errcode = '22023', hint = 'history_query_short',
      detail = jsonb_build_object('min', 3)::text;
  end if;
  if p_after is not null then
    begin
      v_after_created_at := (p_after ->> 'created_at')::timestamptz;
      v_after_id := (p_after ->> 'id')::uuid;
    exception when others then
      v_after_created_at := null;
    end;
    if v_after_created_at is null or v_after_id is null then
      raise exception 'a history page starts after {"created_at", "id"} of the last row shown' using errcode = '22023', hint = 'bad_history_cursor';
    end if;
  end if;
  -- Taken literally: the user's % and _ match themselves.
  v_pattern := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(v_query, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  select coalesce(array_agg(m.id), '{}') into v_owners
  from (
    select pr.id from public.profiles pr where pr.email ilike v_pattern or pr.full_name ilike v_pattern
    union
    select l.user_id from public.lockers l where l.code ilike v_pattern
  ) m;

  select coalesce(array_agg(f.id order by f.created_at desc, f.id desc), '{}') into v_found
  from (
    select p.id, p.created_at from public.packages p
    where (p.tracking_code ilike v_pattern or p.user_id = any (v_owners))
      and (v_after_id is null or (p.created_at, p.id) < (v_after_created_at, v_after_id))
    order by p.created_at desc, p.id desc
    limit v_limit + 1
  ) f;
  v_page := v_found[1:v_limit];

  return json_build_object(
    'packages', public.packages_json(v_page),
    'profiles', public.profiles_json(array(
      select distinct u.id from (
        select p.user_id as id from public.packages p where p.id = any (v_page)
        union
        select o.id from pg_catalog.unnest(v_owners[1:50]) as o (id)
      ) u)),
    'has_more', pg_catalog.cardinality(v_found) > v_limit,
    'next', case when pg_catalog.cardinality(v_found) > v_limit then
      (select json_build_object('created_at', p.created_at, 'id', p.id) from public.packages p where p.id = v_page[v_limit])
    end
  );
end
$$;

revoke execute on function public.search_history(text, integer, jsonb) from public, anon;
grant execute on function public.search_history(text, integer, jsonb) to authenticated;
