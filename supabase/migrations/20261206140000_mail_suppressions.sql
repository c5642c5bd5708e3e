-- Hard bounces and complaints stop mail to an address (public.mail_suppressions, written by the mail-events
-- function from the provider's webhook); mail queued to it is not sent (the outbox's status
-- 'suppressed'). Admins lift a suppression and queue a mail that failed for good again. What and why:
-- supabase/schemas/97_mail_suppressions.sql.

alter table public.mail_outbox
  drop constraint mail_outbox_status_known,
  add constraint mail_outbox_status_known check (status in ('queued', 'sending', 'sent', 'failed', 'suppressed'));

create table public.mail_suppressions (
  id uuid primary key default gen_random_uuid(),
  -- Lower case: mailboxes are compared without case.
  address text not null constraint mail_suppressions_address_format check (address = lower(address) and address ~ '^[^@\s]+@[^@\s]+$' and char_length(address) <= 320),
  -- The customer whose address it was when suppressed (null: none had it).
  user_id uuid references public.profiles (id) on delete set null,
  reason text not null constraint mail_suppressions_reason_known check (reason in ('hard_bounce', 'complaint')),
  -- What the provider said (its bounce message), for admins.
  detail text constraint mail_suppressions_detail_length check (char_length(detail) <= 1000),
  provider_event_id text not null constraint mail_suppressions_event_once unique constraint mail_suppressions_event_length check (char_length(provider_event_id) <= 200),
  created_at timestamptz not null default now(),
  lifted_at timestamptz,
  lifted_by uuid references public.profiles (id) on delete set null
);

-- One standing suppression per address.
create unique index mail_suppressions_standing_idx on public.mail_suppressions (address) where lifted_at is null;
create index mail_suppressions_user_idx on public.mail_suppressions (user_id) where lifted_at is null;

create or replace function public.mail_address_suppressed(p_address text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.mail_suppressions s where s.address = lower(p_address) and s.lifted_at is null)
$$;

-- The provider's word (service role only, the mail-events function): the address is suppressed, the
-- customer who has it flagged. Returns whether this event suppressed it (false: a repeat of an event
-- already recorded, or the address was suppressed already).
create or replace function public.suppress_mail_address(p_address text, p_reason text, p_event_id text, p_detail text default null)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_address text := lower(btrim(p_address));
  v_id uuid;
begin
  insert into public.mail_suppressions (address, user_id, reason, detail, provider_event_id)
  values (v_address, (select pr.id from public.profiles pr where lower(pr.email) = v_address limit 1), p_reason, left(p_detail, 1000), p_event_id)
  on conflict do nothing
  returning id into v_id;
  return v_id is not null;
end
$$;

-- An admin lifts a suppression: mail to the address goes again from now on (what was suppressed stays so).
create or replace function public.lift_mail_suppression(p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins lift a suppression' using errcode = '42501', hint = 'admins_only';
  end if;
  update public.mail_suppressions s set lifted_at = now(), lifted_by = auth.uid() where s.id = p_id and s.lifted_at is null;
  if not found and not exists (select 1 from public.mail_suppressions s where s.id = p_id) then
    raise exception 'suppression % not found', p_id using errcode = 'PT404', hint = 'mail_suppression_not_found';
  end if;
end
$$;

-- An admin queues a mail that failed for good again: due now, a full round of attempts, the same
-- idempotency key. Only a failed mail; not to a suppressed address.
create or replace function public.retry_mail(p_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_mail public.mail_outbox;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins queue mail again' using errcode = '42501', hint = 'admins_only';
  end if;
  select * into v_mail from public.mail_outbox m where m.id = p_id for update;
  if not found or v_mail.status <> 'failed' then
    raise exception 'mail % is not a failed mail', p_id using errcode = 'PT409', hint = 'mail_not_failed';
  end if;
  if public.mail_address_suppressed(v_mail.address) then
    raise exception 'mail % is to a suppressed address', p_id using errcode = 'PT409', hint = 'mail_address_suppressed';
  end if;
  update public.mail_outbox m set status = 'queued', attempts = 0, next_attempt_at = now(), last_error = null where m.id = p_id;
end
$$;

revoke execute on function public.mail_address_suppressed(text) from public, anon, authenticated;
revoke execute on function public.suppress_mail_address(text, text, text, text) from public, anon, authenticated;
grant execute on function public.suppress_mail_address(text, text, text, text) to service_role;
revoke execute on function public.lift_mail_suppression(uuid) from public, anon;
grant execute on function public.lift_mail_suppression(uuid) to authenticated;
revoke execute on function public.retry_mail(uuid) from public, anon;
grant execute on function public.retry_mail(uuid) to authenticated;

revoke all on public.mail_suppressions from anon, authenticated;
grant select on public.mail_suppressions to authenticated;

alter table public.mail_suppressions enable row level security;

create policy "mail_suppressions: admins read all" on public.mail_suppressions
  for select to authenticated using ((select public.is_admin()));

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
