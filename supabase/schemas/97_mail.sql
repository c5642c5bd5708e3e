-- Transactional mail: the outbox of what is mailed to customers, written by the database in the same
-- transaction as the event that causes it, and delivered by the send-mail function (supabase/functions/
-- send-mail), which claims the rows that are due, sends each through the mail provider with the row's
-- idempotency key, and records the outcome. Admins read it (a final failure is theirs to see); no API
-- role writes it.
--
-- What is mailed comes from the customer's notifications (70_notifications.sql, 96_money.sql) as each
-- is made, plus a shipment delivered (which has no notification of its own: its packages' statuses are
-- the shipment's step): a package arrived, storage ending and its last day, a shipment awaiting the
-- customer's approval, a charge due, a payment received (the receipt), a shipment shipped, and a
-- delivery (a package's own, or a shipment's). Arrivals are gathered: a customer's first arrival is
-- mailed at once; those within the 5 minutes after it go in one mail at the end of that window, so a
-- busy morning is two mails, not twenty. Every mail is in the customer's language (profiles.lang) and
-- to their address as it is when the event happens.
--
-- Preferences: profiles.mail_muted, the kinds a customer does not want mailed (10_profiles_and_lockers
-- .sql); a receipt (payment_received) cannot be muted, nor can account mail (Auth's, which is not in
-- this outbox).

create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.profiles (id) on delete set null,
  address text not null constraint mail_outbox_address_format check (address ~ '^[^@\s]+@[^@\s]+$' and char_length(address) <= 320),
  kind text not null constraint mail_outbox_kind_known check (kind in (
    'package_received', 'package_delivered', 'storage_ending', 'storage_last_day', 'shipment_awaiting_approval',
    'charge_due', 'payment_received', 'shipment_shipped', 'shipment_delivered',
    'contact_received', 'contact_answered', 'newsletter_confirm')),
  lang text not null constraint mail_outbox_lang_known check (lang in ('es', 'en')),
  payload jsonb not null default '{}'::jsonb constraint mail_outbox_payload_is_object check (jsonb_typeof(payload) = 'object'),
  -- What the provider is given as its Idempotency-Key: every attempt at one mail carries the same.
  idempotency_key text not null constraint mail_outbox_idempotency_key_once unique,
  -- suppressed: its address stopped taking mail (a hard bounce or a complaint, 97_mail_suppressions.sql).
  status text not null default 'queued' constraint mail_outbox_status_known check (status in ('queued', 'sending', 'sent', 'failed', 'suppressed')),
  attempts integer not null default 0,
  -- When a queued row is due (an arrivals' window ends, a retry's backoff); while sending, when the
  -- claim lapses and another run may take it again (same key: the provider sends it once).
  next_attempt_at timestamptz not null default now(),
  last_error text constraint mail_outbox_last_error_length check (char_length(last_error) <= 2000),
  provider_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where status in ('queued', 'sending');
create index mail_outbox_user_kind_idx on public.mail_outbox (user_id, kind, created_at);

-- The row for one mail to a customer, unless they have none to write to, muted the kind, or their address
-- is suppressed. Returns the row's id (null when nothing is mailed, or the key was already queued).
create or replace function public.enqueue_mail(p_user_id uuid, p_kind text, p_payload jsonb, p_key text,
  p_due timestamptz default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
  v_id uuid;
begin
  select * into v_profile from public.profiles pr where pr.id = p_user_id;
  if not found or v_profile.email is null or p_kind = any (v_profile.mail_muted) or public.mail_address_suppressed(v_profile.email) then
    return null;
  end if;
  insert into public.mail_outbox (user_id, address, kind, lang, payload, idempotency_key, next_attempt_at)
  values (p_user_id, v_profile.email, p_kind, v_profile.lang, p_payload, p_key, coalesce(p_due, now()))
  on conflict on constraint mail_outbox_idempotency_key_once do nothing
  returning id into v_id;
  return v_id;
end
$$;

-- An arrival: the first in 5 minutes is mailed at once (its payload's `gathered` is false); one within
-- the 5 minutes after it joins the one mail due when that window ends (keyed by the first mail, so the
-- window has one). The customer's arrivals are taken one transaction at a time (an advisory lock on the
-- customer), so two racing registrations see each other's mail. A window already claimed by the sender
-- (its end passed between the two reads) takes no more: the arrival is mailed at once instead.
create or replace function public.enqueue_arrival_mail(p_user_id uuid, p_package jsonb, p_key text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_first public.mail_outbox;
  v_id uuid;
begin
  perform pg_advisory_xact_lock(pg_catalog.hashtextextended('mail_arrivals:' || p_user_id::text, 0));
  if exists (select 1 from public.mail_outbox m where m.idempotency_key = p_key) then
    return null;
  end if;
  select * into v_first from public.mail_outbox m
  where m.user_id = p_user_id and m.kind = 'package_received' and m.payload ->> 'gathered' = 'false'
    and m.created_at > pg_catalog.clock_timestamp() - interval '5 minutes'
  order by m.created_at desc
  limit 1;
  if found then
    update public.mail_outbox m
    set payload = jsonb_set(m.payload, '{packages}', (m.payload -> 'packages') || jsonb_build_array(p_package))
    where m.idempotency_key = 'arrivals_after:' || v_first.id and m.status = 'queued'
    returning m.id into v_id;
    if v_id is null and not exists (select 1 from public.mail_outbox m where m.idempotency_key = 'arrivals_after:' || v_first.id) then
      v_id := public.enqueue_mail(p_user_id, 'package_received', jsonb_build_object('gathered', true, 'packages', jsonb_build_array(p_package)),
        'arrivals_after:' || v_first.id, v_first.created_at + interval '5 minutes');
    end if;
    if v_id is not null then
      return v_id;
    end if;
  end if;
  return public.enqueue_mail(p_user_id, 'package_received', jsonb_build_object('gathered', false, 'packages', jsonb_build_array(p_package)), p_key);
end
$$;

-- Each notification made is mailed as its kind says (a package's status change only when delivered; a
-- storage reminder with the daily fee that follows free storage, as the rates say now), in the
-- notification's transaction.
create or replace function public.mail_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'package_received' then
    perform public.enqueue_arrival_mail(new.user_id, new.payload, 'notification:' || new.source);
  elsif new.kind = 'package_status' then
    if new.payload ->> 'status' = 'entregado' then
      perform public.enqueue_mail(new.user_id, 'package_delivered', new.payload, 'notification:' || new.source);
    end if;
  elsif new.kind in ('storage_ending', 'storage_last_day') then
    perform public.enqueue_mail(new.user_id, new.kind,
      new.payload || jsonb_strip_nulls(jsonb_build_object('fee_cents_per_day', public.rate_value('storage_fee_cents_per_day'))),
      'notification:' || new.source);
  else
    perform public.enqueue_mail(new.user_id, new.kind, new.payload, 'notification:' || new.source);
  end if;
  return null;
end
$$;

create trigger notifications_mail
  after insert on public.notifications
  for each row execute function public.mail_notification();

create or replace function public.mail_shipment_delivered()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_shipment public.shipments;
begin
  select * into v_shipment from public.shipments s where s.id = new.shipment_id;
  if found then
    perform public.enqueue_mail(v_shipment.user_id, 'shipment_delivered',
      jsonb_strip_nulls(jsonb_build_object('shipment_id', v_shipment.id, 'carrier', v_shipment.carrier, 'outbound_tracking', v_shipment.outbound_tracking)),
      'shipment_event:' || new.id);
  end if;
  return null;
end
$$;

create trigger shipment_events_mail_delivered
  after insert on public.shipment_events
  for each row when (new.status = 'delivered')
  execute function public.mail_shipment_delivered();

-- The sender's side (service role only). claim_mail takes up to p_limit due rows (queued ones whose time
-- has come, and sending ones whose claim lapsed; those to a suppressed address it sets suppressed
-- instead), counts the attempt and holds each for p_hold; rows a concurrent claim holds are skipped.
-- mail_sent and mail_attempt_failed settle the attempt they are told of (a lapsed claim's late answer
-- changes nothing). A failure with p_retry_in null is final.
create or replace function public.claim_mail(p_limit integer default 20, p_hold interval default interval '2 minutes')
returns setof public.mail_outbox
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Due mail to an address suppressed since it was queued is never sent.
  update public.mail_outbox m
  set status = 'suppressed', last_error = 'The address no longer takes mail (a hard bounce or a complaint)'
  where m.status in ('queued', 'sending') and m.next_attempt_at <= now() and public.mail_address_suppressed(m.address);
  return query
  update public.mail_outbox m
  set status = 'sending', attempts = m.attempts + 1, next_attempt_at = now() + p_hold
  where m.id in (
    select d.id from public.mail_outbox d
    where d.status in ('queued', 'sending') and d.next_attempt_at <= now()
    order by d.next_attempt_at
    limit least(greatest(p_limit, 1), 500)
    for update skip locked)
  returning m.*;
end
$$;

create or replace function public.mail_sent(p_id uuid, p_attempt integer, p_provider_id text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with settled as (
    update public.mail_outbox m
    set status = 'sent', sent_at = now(), provider_id = left(p_provider_id, 200), last_error = null
    where m.id = p_id and m.status = 'sending' and m.attempts = p_attempt
    returning 1)
  select exists (select 1 from settled)
$$;

create or replace function public.mail_attempt_failed(p_id uuid, p_attempt integer, p_error text, p_retry_in interval)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with settled as (
    update public.mail_outbox m
    set status = case when p_retry_in is null then 'failed' else 'queued' end,
      next_attempt_at = now() + coalesce(p_retry_in, interval '0'),
      last_error = left(p_error, 2000)
    where m.id = p_id and m.status = 'sending' and m.attempts = p_attempt
    returning 1)
  select exists (select 1 from settled)
$$;

revoke execute on function public.enqueue_mail(uuid, text, jsonb, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.enqueue_arrival_mail(uuid, jsonb, text) from public, anon, authenticated;
revoke execute on function public.mail_notification() from public, anon, authenticated;
revoke execute on function public.mail_shipment_delivered() from public, anon, authenticated;
revoke execute on function public.claim_mail(integer, interval) from public, anon, authenticated;
grant execute on function public.claim_mail(integer, interval) to service_role;
revoke execute on function public.mail_sent(uuid, integer, text) from public, anon, authenticated;
grant execute on function public.mail_sent(uuid, integer, text) to service_role;
revoke execute on function public.mail_attempt_failed(uuid, integer, text, interval) from public, anon, authenticated;
grant execute on function public.mail_attempt_failed(uuid, integer, text, interval) to service_role;

revoke all on public.mail_outbox from anon, authenticated;
grant select on public.mail_outbox to authenticated;

alter table public.mail_outbox enable row level security;

create policy "mail_outbox: admins read all" on public.mail_outbox
  for select to authenticated using ((select public.is_admin()));
