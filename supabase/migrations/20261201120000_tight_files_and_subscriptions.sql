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
