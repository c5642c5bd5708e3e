-- Addresses that no longer take mail: the provider told us (its webhook, supabase/functions/mail-events)
-- that a mail to it bounced for good or that its reader marked one as spam. Nothing more is queued to a
-- suppressed address (enqueue_mail), what was queued is not sent (claim_mail sets it suppressed), and
-- the customer whose address it is is flagged for admins, who see every suppression and may lift one
-- (the customer fixed their mailbox): mail goes again from then on. A provider's event is recorded once
-- (its id), however often it is delivered; a lifted suppression stays, as the record of what happened.
--
-- Admins also see the mail that failed for good (mail_outbox, status failed) and may queue it again
-- (retry_mail): with its idempotency key, so a mail the provider had taken after all is not sent twice.

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
