-- Tight rules on files and push subscriptions (issue 32, section 4).

-- 1. avatars: a public bucket is read by URL (Storage serves /object/public/ without RLS), so no
-- policy has to let anyone select the bucket's rows; the one that did also let anyone list it,
-- which named every user's folder, i.e. every user id. Each user now sees only their own folder
-- (what an upload or a replacement reads back).
drop policy "avatars: anyone reads them" on storage.objects;

create policy "avatars: users see their own folder" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- 2. documents: a file, once uploaded, stays as it was: a prealert or a shipment that lists it
-- keeps the invoice the warehouse read. A customer adds files to their folder and reads them, and
-- never replaces or removes one; another invoice is a new file, attached as such.
drop policy "documents: customers manage their own folder" on storage.objects;

create policy "documents: customers add to their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "documents: customers read their own folder" on storage.objects
  for select to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- 3. Push subscriptions. An endpoint already saved for another user moves only with its auth
-- secret (which only that browser holds): knowing someone's endpoint does not divert their pushes.
-- A user keeps their 10 most recently saved browsers; saving an 11th drops the oldest.
create or replace function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_locale text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if exists (select 1 from public.push_subscriptions s
             where s.endpoint = p_endpoint and s.user_id <> v_user and s.auth is distinct from p_auth) then
    raise exception 'this push endpoint is another browser''s' using errcode = '42501', hint = 'push_endpoint_taken';
  end if;
  insert into public.push_subscriptions as s (endpoint, user_id, p256dh, auth, locale)
  values (p_endpoint, v_user, p_p256dh, p_auth, p_locale)
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, locale = excluded.locale, updated_at = now();
  delete from public.push_subscriptions s
  where s.user_id = v_user
    and s.endpoint not in (
      select kept.endpoint from public.push_subscriptions kept
      where kept.user_id = v_user
      order by kept.updated_at desc, kept.created_at desc, kept.endpoint
      limit 10);
end
$$;

-- The sender's list is bounded the same way (rows saved before the limit existed included).
create or replace function public.push_deliveries(p_notification_id uuid)
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'notification', json_build_object('id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at),
    'subscriptions', coalesce(
      (select json_agg(json_build_object('endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth, 'locale', s.locale) order by s.created_at)
       from (
         select s.* from public.push_subscriptions s
         where s.user_id = n.user_id and n.read_at is null and not (n.kind = any (pr.push_muted))
         order by s.updated_at desc, s.created_at desc, s.endpoint
         limit 10) s),
      '[]'::json))
  from public.notifications n
  join public.profiles pr on pr.id = n.user_id
  where n.id = p_notification_id
$$;

-- 4. The history search pages by keyset: newest recorded first (created_at desc, id), each page
-- after the last row of the one before (p_after, the `next` the previous page returned). A
-- package's created_at never changes, so a row changed or added between pages is never listed
-- twice, and none of the older ones is skipped; offsets over a changing order did both.
drop function public.search_history(text, integer, integer);

create function public.search_history(p_query text, p_limit integer default 50, p_after jsonb default null)
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
  if not public.is_admin() then
    raise exception 'only admins can search the whole history' using errcode = '42501';
  end if;
  if pg_catalog.char_length(v_query) < 3 then
    raise exception 'type at least 3 characters to search the history' using errcode = '22023';
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
