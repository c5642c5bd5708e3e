-- Notifications (issue 21), the rest of the database's part: what each customer wants pushed to
-- their phones, the phones subscribed, what the sender reads for a new notification, and the
-- daily reminders that free storage is ending.
--
-- Sending is not done here: a new row in public.notifications reaches the send-push function
-- (supabase/functions/send-push) through a database webhook on hosted projects, and through the
-- local backend's own listener on the stand-in. The function asks push_deliveries() whom to send
-- to and calls forget_push_subscription() for an endpoint its push service says is gone.

-- 1. Preferences: in-app notifications always; push for every kind except those muted here.
alter table public.profiles add column push_muted text[] not null default '{}'
  constraint profiles_push_muted_known check (push_muted <@ array[
    'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day']);

-- The device's copy of a profile carries them (pull_profiles, get_profiles and search_history
-- build rows with this function; set_avatar returns the whole row already).
create or replace function public.profiles_json(p_ids uuid[])
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
      'id', pr.id, 'email', pr.email, 'full_name', pr.full_name, 'phone', pr.phone,
      'role', pr.role, 'plan', pr.plan, 'country', pr.country, 'delivery_address', pr.delivery_address,
      'city', pr.city, 'postal_code', pr.postal_code, 'id_number', pr.id_number, 'avatar_path', pr.avatar_path,
      'push_muted', pr.push_muted,
      'created_at', pr.created_at, 'updated_at', pr.updated_at,
      'locker_code', (select l.code from public.lockers l where l.user_id = pr.id),
      'deleted_at', null)
      order by i.n), '[]'::json)
  from public.profiles pr
  join unnest(p_ids) with ordinality as i (id, n) on i.id = pr.id
  where pr.id = any (p_ids)
$$;

-- From the device's outbox. The op carries the whole list, so a replay sets the same list again;
-- the outbox sends a user's ops in order, so the newest choice is the one that stays.
create function public.set_push_preferences(p_op_id uuid, p_push_muted text[])
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_muted text[];
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_op_id is null or p_push_muted is null then
    raise exception 'p_op_id and p_push_muted are required' using errcode = '22004';
  end if;
  v_muted := array(select distinct k from unnest(p_push_muted) k order by k);
  if not v_muted <@ array['package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day'] then
    raise exception 'Unknown notification kind in %', p_push_muted using errcode = '22023';
  end if;
  update public.profiles set push_muted = v_muted where id = auth.uid() and push_muted is distinct from v_muted;
  return json_build_object('push_muted', v_muted);
end
$$;

revoke execute on function public.set_push_preferences(uuid, text[]) from public, anon;
grant execute on function public.set_push_preferences(uuid, text[]) to authenticated;

-- 2. Subscriptions: one row per browser that said yes, in the language it asked for. The
-- endpoint is the browser's address at its push service; the keys encrypt what is sent (RFC 8291).
create table public.push_subscriptions (
  endpoint text primary key
    constraint push_subscriptions_endpoint_is_url check (endpoint ~ '^https?://[^/\s]+/\S*$' and length(endpoint) <= 2048),
  user_id uuid not null references public.profiles (id) on delete cascade,
  p256dh text not null constraint push_subscriptions_p256dh_format check (p256dh ~ '^[A-Za-z0-9_-]{86,87}=?$'),
  auth text not null constraint push_subscriptions_auth_format check (auth ~ '^[A-Za-z0-9_-]{22}(==)?$'),
  locale text not null constraint push_subscriptions_locale_known check (locale in ('es', 'en')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

revoke all on public.push_subscriptions from anon, authenticated;
grant select on public.push_subscriptions to authenticated;

alter table public.push_subscriptions enable row level security;

create policy "push_subscriptions: users read their own" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));

-- Saved when the customer turns push on, and again whenever the app finds its subscription
-- changed. An endpoint belongs to one browser: if another user signed in on it, it is theirs now.
create function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_locale text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  insert into public.push_subscriptions as s (endpoint, user_id, p256dh, auth, locale)
  values (p_endpoint, auth.uid(), p_p256dh, p_auth, p_locale)
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, locale = excluded.locale, updated_at = now();
end
$$;

revoke execute on function public.save_push_subscription(text, text, text, text) from public, anon;
grant execute on function public.save_push_subscription(text, text, text, text) to authenticated;

-- Turning push off on a device, or signing out of it: its subscription is the caller's to remove.
create function public.delete_push_subscription(p_endpoint text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.push_subscriptions s where s.endpoint = p_endpoint and s.user_id = auth.uid()
$$;

revoke execute on function public.delete_push_subscription(text) from public, anon;
grant execute on function public.delete_push_subscription(text) to authenticated;

-- The service worker renews a subscription its push service replaced (pushsubscriptionchange),
-- with no session of its own: knowing the old endpoint and its auth secret, which only that
-- browser and this database hold, proves it is the same browser. Returns whether it renewed one.
create function public.renew_push_subscription(p_old_endpoint text, p_old_auth text, p_endpoint text, p_p256dh text, p_auth text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old public.push_subscriptions;
begin
  delete from public.push_subscriptions s where s.endpoint = p_old_endpoint and s.auth = p_old_auth returning * into v_old;
  if not found then
    return false;
  end if;
  insert into public.push_subscriptions as s (endpoint, user_id, p256dh, auth, locale)
  values (p_endpoint, v_old.user_id, p_p256dh, p_auth, v_old.locale)
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, locale = excluded.locale, updated_at = now();
  return true;
end
$$;

revoke execute on function public.renew_push_subscription(text, text, text, text, text) from public;
grant execute on function public.renew_push_subscription(text, text, text, text, text) to anon, authenticated;

-- 3. For the sender (service role only): a notification and where to push it, none when its owner
-- muted its kind or has read it already (another of their devices got there first).
create function public.push_deliveries(p_notification_id uuid)
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
       from public.push_subscriptions s
       where s.user_id = n.user_id and n.read_at is null and not (n.kind = any (pr.push_muted))),
      '[]'::json))
  from public.notifications n
  join public.profiles pr on pr.id = n.user_id
  where n.id = p_notification_id
$$;

revoke execute on function public.push_deliveries(uuid) from public, anon, authenticated;
grant execute on function public.push_deliveries(uuid) to service_role;

-- A push service answered 404 or 410: the browser unsubscribed, the endpoint is gone for good.
create function public.forget_push_subscription(p_endpoint text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.push_subscriptions s where s.endpoint = p_endpoint
$$;

revoke execute on function public.forget_push_subscription(text) from public, anon, authenticated;
grant execute on function public.forget_push_subscription(text) to service_role;

-- 4. Storage reminders, once a day: a waiting package whose free storage ends in 5 days, and one
-- on its last free day. Days are the warehouse's (Miami), by the rules of the admin report
-- (20261126110000) and src/business-rules/storage.ts. `source` names the package and its last
-- free day, so running it again the same day tells nothing twice. A day it does not run at all
-- sends none of that day's reminders: the text says "in 5 days", which a later day would make false.
create function public.notify_storage_endings(p_today date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (pg_catalog.now() at time zone 'America/New_York')::date);
  v_made integer;
begin
  with waiting as (
    select p.id, p.user_id, p.tracking_code,
      (coalesce(
        (select e.changed_at from public.package_events e
         where e.package_id = p.id and e.first_of_status and e.status = 'recibido'
         limit 1),
        p.created_at) at time zone 'America/New_York')::date
      + case pr.plan when 'premium' then 60 when 'standard' then 45 else 30 end as last_free_day
    from public.packages p
    join public.profiles pr on pr.id = p.user_id
    where p.status in ('recibido', 'disponible') and p.deleted_at is null
  ),
  due as (
    select w.*, case w.last_free_day - v_today when 5 then 'storage_ending' else 'storage_last_day' end as kind
    from waiting w
    where w.last_free_day - v_today in (5, 0)
  )
  insert into public.notifications (user_id, kind, payload, source)
  select d.user_id, d.kind,
    jsonb_build_object('package_id', d.id, 'tracking_code', d.tracking_code, 'last_free_day', d.last_free_day),
    d.kind || ':' || d.id || ':' || d.last_free_day
  from due d
  on conflict on constraint notifications_source_once do nothing;
  get diagnostics v_made = row_count;
  return v_made;
end
$$;

revoke execute on function public.notify_storage_endings(date) from public, anon, authenticated;
grant execute on function public.notify_storage_endings(date) to service_role;

-- A hosted project has pg_cron: every day at 13:00 UTC (8 or 9 in the morning in Miami). The local
-- backend runs the same function on a timer of its own.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('storage-reminders', '0 13 * * *', 'select public.notify_storage_endings()');
  end if;
end
$$;
