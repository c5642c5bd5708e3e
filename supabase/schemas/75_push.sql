-- Push: what each customer wants pushed to their phones, the phones subscribed, and what the sender
-- reads for a new notification.
--
-- Sending is not done here: a new row in public.notifications reaches the send-push function
-- (supabase/functions/send-push) through a database webhook on hosted projects, and through the local
-- backend's own listener on the stand-in. The function asks push_deliveries() whom to send to and calls
-- forget_push_subscription() for an endpoint its push service says is gone.

-- Preferences (profiles.push_muted): in-app notifications always; push for every kind except those
-- muted. From the device's outbox: the op carries the whole list, so a replay sets the same list again;
-- the outbox sends a user's ops in order, so the newest choice is the one that stays.
create or replace function public.set_push_preferences(p_op_id uuid, p_push_muted text[])
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_muted text[];
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_push_muted is null then
    raise exception 'p_op_id and p_push_muted are required' using errcode = '22004', hint = 'bad_request';
  end if;
  v_muted := array(select distinct k from unnest(p_push_muted) k order by k);
  if not v_muted <@ array['package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day',
      'payment_received', 'charge_due'] then
    raise exception 'Unknown notification kind in %', p_push_muted using errcode = '22023', hint = 'unknown_notification_kind';
  end if;
  update public.profiles set push_muted = v_muted where id = auth.uid() and push_muted is distinct from v_muted;
  return json_build_object('push_muted', v_muted);
end
$$;

-- Subscriptions: one row per browser that said yes, in the language it asked for. The endpoint is the
-- browser's address at its push service; the keys encrypt what is sent (RFC 8291).
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

-- Saved when the customer turns push on, and again whenever the app finds its subscription changed.
-- An endpoint belongs to one browser: another user signing in on that browser takes it over, with its
-- auth secret (which only that browser holds), so knowing someone's endpoint does not divert their
-- pushes. A user keeps their 10 most recently saved browsers; saving an 11th drops the oldest.
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

-- Turning push off on a device, or signing out of it: its subscription is the caller's to remove.
create or replace function public.delete_push_subscription(p_endpoint text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.push_subscriptions s where s.endpoint = p_endpoint and s.user_id = auth.uid()
$$;

-- The service worker renews a subscription its push service replaced (pushsubscriptionchange), with no
-- session of its own: knowing the old endpoint and its auth secret, which only that browser and this
-- database hold, proves it is the same browser. Returns whether it renewed one.
create or replace function public.renew_push_subscription(p_old_endpoint text, p_old_auth text, p_endpoint text, p_p256dh text, p_auth text)
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

-- For the sender (service role only): a notification and where to push it (a user's 10 most recently
-- saved browsers), none when its owner muted its kind or has read it already (another of their devices
-- got there first).
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

-- A push service answered 404 or 410: the browser unsubscribed, the endpoint is gone for good.
create or replace function public.forget_push_subscription(p_endpoint text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.push_subscriptions s where s.endpoint = p_endpoint
$$;

revoke execute on function public.set_push_preferences(uuid, text[]) from public, anon;
grant execute on function public.set_push_preferences(uuid, text[]) to authenticated;
revoke execute on function public.save_push_subscription(text, text, text, text) from public, anon;
grant execute on function public.save_push_subscription(text, text, text, text) to authenticated;
revoke execute on function public.delete_push_subscription(text) from public, anon;
grant execute on function public.delete_push_subscription(text) to authenticated;
revoke execute on function public.renew_push_subscription(text, text, text, text, text) from public;
grant execute on function public.renew_push_subscription(text, text, text, text, text) to anon, authenticated;
revoke execute on function public.push_deliveries(uuid) from public, anon, authenticated;
grant execute on function public.push_deliveries(uuid) to service_role;
revoke execute on function public.forget_push_subscription(text) from public, anon, authenticated;
grant execute on function public.forget_push_subscription(text) to service_role;

revoke all on public.push_subscriptions from anon, authenticated;
grant select on public.push_subscriptions to authenticated;

alter table public.push_subscriptions enable row level security;

create policy "push_subscriptions: users read their own" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));
