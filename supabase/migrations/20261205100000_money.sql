-- Money (issue 46): an append-only ledger of what each customer owes, posted only by functions under
-- the customer's balance row lock; the approval of the charge the customer saw, posted once, and its
-- reversal when an approved shipment is cancelled; nothing ships while its customer owes; daily storage
-- fees; desk payments, credits, adjustments and refunds by admins; card payments and refunds from Stripe
-- (the Edge Functions, service role); pulls of lines and balances, the receivables by age, and the
-- report's months. What it all is and why: supabase/schemas/96_money.sql.

-- 1. The storage fee is a rate, edited in Tarifas like the others.
create or replace function public.rate_problem(p_key text, p_value numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_key in ('basic_cents_per_lb', 'standard_cents_per_lb', 'premium_cents_per_lb', 'express_cents',
                   'consolidation_basic_cents', 'photos_cents', 'storage_fee_cents_per_day') then
      case when p_value is null or p_value <> trunc(p_value) or p_value not between 0 and 100000
        then p_key || ' must be a whole number of cents from 0 to 100000' end
    when p_key = 'insurance_percent' then
      case when p_value is null or p_value <> round(p_value, 2) or p_value not between 0 and 100
        then 'insurance_percent must be a percentage from 0 to 100, with at most 2 decimals' end
    when p_key in ('volumetric_in3_per_lb', 'volumetric_cm3_per_kg') then
      case when p_value is null or p_value <> trunc(p_value) or p_value not between 1 and 100000
        then p_key || ' must be a whole number from 1 to 100000' end
    when p_key in ('max_weight_kg', 'max_linear_in') then
      -- NaN sorts above every number in PostgreSQL, so it is named (as is Infinity).
      case when p_value is null or not p_value > 0 or p_value in ('NaN'::numeric, 'Infinity'::numeric)
        then p_key || ' must be greater than 0' end
    else coalesce(p_key, 'null') || ' is not a rate'
  end
$$;

alter table public.rates drop constraint rates_key_known;
alter table public.rates add constraint rates_key_known check (key in (
  'basic_cents_per_lb', 'standard_cents_per_lb', 'premium_cents_per_lb', 'express_cents', 'insurance_percent',
  'consolidation_basic_cents', 'photos_cents', 'volumetric_in3_per_lb', 'volumetric_cm3_per_kg',
  'max_weight_kg', 'max_linear_in', 'storage_fee_cents_per_day'));
-- $1.00 a day per package after its free days (src/business-rules/rates.ts, buildRates).
insert into public.rates (key, value) values ('storage_fee_cents_per_day', 100);

-- 2. Two kinds of notification: a payment received, and a charge due.
alter table public.notifications drop constraint notifications_kind_known;
alter table public.notifications add constraint notifications_kind_known check (kind in (
  'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day',
  'payment_received', 'charge_due'));
alter table public.profiles drop constraint profiles_push_muted_known;
alter table public.profiles add constraint profiles_push_muted_known check (push_muted <@ array[
  'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day',
  'payment_received', 'charge_due']);

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

-- 3. The ledger, its writer, the admins' and Stripe's postings, the pulls, the receivables, the
-- report's months and the storage fees (with their pg_cron schedule on hosted projects).
create sequence public.account_receipt_number_seq as bigint start with 1001;

create table public.account_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id),
  kind text not null constraint account_entries_kind_known check (kind in (
    'shipment_charge', 'storage_fee', 'payment', 'refund', 'credit', 'adjustment', 'reversal')),
  amount_cents bigint not null constraint account_entries_amount_not_zero check (amount_cents <> 0),
  balance_after_cents bigint not null,
  currency text not null default 'USD' constraint account_entries_currency_usd check (currency = 'USD'),
  shipment_id uuid references public.shipments (id),
  package_id uuid references public.packages (id),
  storage_day date,
  method text constraint account_entries_method_known check (method in ('card', 'cash', 'bank_transfer', 'zelle', 'card_at_counter')),
  reference text constraint account_entries_reference_length check (char_length(reference) between 1 and 200),
  reason text constraint account_entries_reason_length check (char_length(reason) between 1 and 500),
  refers_to uuid references public.account_entries (id),
  receipt_number bigint constraint account_entries_receipt_number_once unique,
  posted_by uuid references public.profiles (id),
  idempotency_key text not null constraint account_entries_idempotency_key_once unique,
  change_xid xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now(),
  constraint account_entries_receipt_of_payment check ((kind = 'payment') = (receipt_number is not null)),
  constraint account_entries_method_of_money check ((kind in ('payment', 'refund')) = (method is not null))
);

-- A customer's lines in order (created_at is strictly increasing per customer, see post_account_entry),
-- the pulls' cursor, a payment's refunds, a shipment's charge, a card payment by its payment intent, and
-- the report's months.
create index account_entries_owner_created_idx on public.account_entries (user_id, created_at, id);
create index account_entries_owner_change_idx on public.account_entries (user_id, change_xid, id);
create index account_entries_refers_to_idx on public.account_entries (refers_to) where refers_to is not null;
create index account_entries_shipment_idx on public.account_entries (shipment_id) where shipment_id is not null;
create index account_entries_package_idx on public.account_entries (package_id) where package_id is not null;
create index account_entries_card_reference_idx on public.account_entries (reference) where kind = 'payment' and method = 'card';
create index account_entries_created_idx on public.account_entries (created_at) include (kind, amount_cents);
create index account_entries_posted_by_idx on public.account_entries (posted_by) where posted_by is not null;

-- One row per customer who ever had a line: the balance after their last line. Its row is the lock every
-- posting for the customer takes.
create table public.account_balances (
  user_id uuid primary key references public.profiles (id),
  balance_cents bigint not null default 0,
  last_entry_id uuid references public.account_entries (id),
  entries bigint not null default 0,
  updated_at timestamptz not null default now(),
  change_xid xid8 not null default pg_current_xact_id()
);

create index account_balances_change_idx on public.account_balances (change_xid, user_id);
create index account_balances_owing_idx on public.account_balances (user_id) where balance_cents > 0;

-- Lines are history: no UPDATE, DELETE or TRUNCATE for anyone, whatever their grants.
create or replace function public.account_entries_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'account entries are never changed nor deleted: post a correction instead'
    using errcode = '42501', hint = 'ledger_append_only';
end
$$;

create trigger account_entries_append_only
  before update or delete on public.account_entries
  for each row execute function public.account_entries_append_only();

create trigger account_entries_no_truncate
  before truncate on public.account_entries
  for each statement execute function public.account_entries_append_only();

-- A line as the RPCs and pulls send it: every column, change_xid as text.
create or replace function public.account_entry_json(p_entry public.account_entries)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p_entry) || jsonb_build_object('change_xid', p_entry.change_xid::text)
$$;

-- post_account_entry: the only writer of the ledger. Replays by p_key (the line already posted under it,
-- which must be the same intent: same customer, kind and amount, else op_reused). Otherwise takes the
-- customer's balance row (made on their first line; a racing first line waits on the insert, then finds
-- it) FOR UPDATE, looks for the key again under the lock (a racing replay has committed by then), and
-- posts the line after the last: balance_after = balance + amount, created_at strictly after the last
-- line's (clock_timestamp, so lines sort in the order they were posted). A payment gets the next
-- receipt number and tells its customer (payment_received); a shipment's charge tells them what they owe
-- (charge_due) while the balance is owed. Internal: its callers check who may post what.
create or replace function public.post_account_entry(p_key text, p_user_id uuid, p_kind text, p_amount_cents bigint,
  p_shipment_id uuid default null, p_package_id uuid default null, p_storage_day date default null,
  p_method text default null, p_reference text default null, p_reason text default null,
  p_refers_to uuid default null, p_posted_by uuid default null)
returns public.account_entries
language plpgsql
set search_path = ''
as $$
declare
  v_entry public.account_entries;
  v_balance public.account_balances;
  v_last_at timestamptz;
begin
  select * into v_entry from public.account_entries e where e.idempotency_key = p_key;
  if not found then
    insert into public.account_balances (user_id) values (p_user_id) on conflict (user_id) do nothing;
    select * into v_balance from public.account_balances b where b.user_id = p_user_id for update;
    select * into v_entry from public.account_entries e where e.idempotency_key = p_key;
  end if;
  if v_entry.id is not null then
    if v_entry.user_id is distinct from p_user_id or v_entry.kind is distinct from p_kind
      or v_entry.amount_cents is distinct from p_amount_cents then
      raise exception 'key % was already used for a different posting', p_key using errcode = 'PT409', hint = 'op_reused',
        detail = jsonb_build_object('op', p_key)::text;
    end if;
    return v_entry;
  end if;

  select e.created_at into v_last_at from public.account_entries e where e.id = v_balance.last_entry_id;
  insert into public.account_entries (user_id, kind, amount_cents, balance_after_cents, shipment_id, package_id,
    storage_day, method, reference, reason, refers_to, receipt_number, posted_by, idempotency_key, change_xid, created_at)
  values (p_user_id, p_kind, p_amount_cents, v_balance.balance_cents + p_amount_cents, p_shipment_id, p_package_id,
    p_storage_day, p_method, p_reference, p_reason, p_refers_to,
    case when p_kind = 'payment' then nextval('public.account_receipt_number_seq') end,
    p_posted_by, p_key, pg_current_xact_id(),
    greatest(clock_timestamp(), v_last_at + interval '1 microsecond'))
  returning * into v_entry;

  update public.account_balances
  set balance_cents = v_entry.balance_after_cents, last_entry_id = v_entry.id, entries = entries + 1,
    updated_at = now(), change_xid = pg_current_xact_id()
  where user_id = p_user_id;

  if p_kind = 'payment' then
    insert into public.notifications (user_id, kind, payload, source)
    values (p_user_id, 'payment_received',
      jsonb_build_object('entry_id', v_entry.id, 'amount_cents', -v_entry.amount_cents, 'receipt_number', v_entry.receipt_number),
      'payment_received:' || v_entry.id);
  elsif p_kind = 'shipment_charge' and v_entry.balance_after_cents > 0 then
    insert into public.notifications (user_id, kind, payload, source)
    values (p_user_id, 'charge_due',
      jsonb_build_object('shipment_id', p_shipment_id, 'amount_cents', v_entry.amount_cents),
      'charge_due:' || v_entry.id);
  end if;
  return v_entry;
end
$$;

-- The checks of the admins' postings, each raising with its key. Internal.
create or replace function public.money_amount_input(p_amount_cents bigint, p_signed boolean)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- $100,000 either way: more is a typing mistake, not a payment at a parcel desk.
  if p_amount_cents is null or p_amount_cents = 0 or abs(p_amount_cents) > 10000000
    or (not p_signed and p_amount_cents < 0) then
    raise exception 'the amount must be % cents', case when p_signed then 'from -10000000 to 10000000, not 0,' else 'from 1 to 10000000' end
      using errcode = '22023', hint = 'money_amount_range',
      detail = jsonb_build_object('max_cents', 10000000, 'signed', p_signed)::text;
  end if;
  return p_amount_cents;
end
$$;

create or replace function public.money_reason_input(p_reason text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_reason text := public.trim_whitespace(p_reason);
begin
  if coalesce(char_length(v_reason), 0) not between 1 and 500 then
    raise exception 'the reason must be 1 to 500 characters' using errcode = '22023', hint = 'money_reason_length',
      detail = jsonb_build_object('max', 500)::text;
  end if;
  return v_reason;
end
$$;

-- The customer an admin posts for: they must have a profile.
create or replace function public.money_customer_input(p_user_id uuid)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_user_id is null or not exists (select 1 from public.profiles p where p.id = p_user_id) then
    raise exception 'customer % not found', p_user_id using errcode = 'PT404', hint = 'account_customer_not_found';
  end if;
  return p_user_id;
end
$$;

create or replace function public.money_admin_check()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins post to an account' using errcode = '42501', hint = 'admins_only';
  end if;
end
$$;

-- record_payment: an admin records a payment taken at the desk (cash, bank transfer, Zelle, card at the
-- counter; a card online is Stripe's), with what staff typed as its reference. Key: the op id.
create or replace function public.record_payment(p_op_id uuid, p_user_id uuid, p_amount_cents bigint, p_method text, p_reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reference text := nullif(public.trim_whitespace(p_reference), '');
  v_entry public.account_entries;
begin
  perform public.money_admin_check();
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  perform public.money_customer_input(p_user_id);
  perform public.money_amount_input(p_amount_cents, false);
  if p_method is null or p_method not in ('cash', 'bank_transfer', 'zelle', 'card_at_counter') then
    raise exception 'p_method must be cash, bank_transfer, zelle or card_at_counter' using errcode = '22023', hint = 'bad_request';
  end if;
  if char_length(v_reference) > 200 then
    raise exception 'the reference must be at most 200 characters' using errcode = '22023', hint = 'payment_reference_length',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  v_entry := public.post_account_entry('op:' || p_op_id, p_user_id, 'payment', -p_amount_cents,
    p_method => p_method, p_reference => v_reference, p_posted_by => auth.uid());
  return public.account_entry_json(v_entry);
end
$$;

-- grant_credit: an admin lowers what a customer owes, with a reason they read. Key: the op id.
create or replace function public.grant_credit(p_op_id uuid, p_user_id uuid, p_amount_cents bigint, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_entry public.account_entries;
begin
  perform public.money_admin_check();
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  perform public.money_customer_input(p_user_id);
  perform public.money_amount_input(p_amount_cents, false);
  v_reason := public.money_reason_input(p_reason);
  v_entry := public.post_account_entry('op:' || p_op_id, p_user_id, 'credit', -p_amount_cents,
    p_reason => v_reason, p_posted_by => auth.uid());
  return public.account_entry_json(v_entry);
end
$$;

-- post_adjustment: an admin corrects a balance either way (positive: the customer owes more), with a
-- reason they read. Key: the op id.
create or replace function public.post_adjustment(p_op_id uuid, p_user_id uuid, p_amount_cents bigint, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_entry public.account_entries;
begin
  perform public.money_admin_check();
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  perform public.money_customer_input(p_user_id);
  perform public.money_amount_input(p_amount_cents, true);
  v_reason := public.money_reason_input(p_reason);
  v_entry := public.post_account_entry('op:' || p_op_id, p_user_id, 'adjustment', p_amount_cents,
    p_reason => v_reason, p_posted_by => auth.uid());
  return public.account_entry_json(v_entry);
end
$$;

-- What is left to refund of a payment: what it paid less its refunds so far. The caller holds the
-- customer's balance row lock, so no refund of it is being posted meanwhile.
create or replace function public.payment_refundable_cents(p_payment public.account_entries)
returns bigint
language sql
stable
set search_path = ''
as $$
  select -p_payment.amount_cents - coalesce(sum(r.amount_cents), 0)
  from public.account_entries r where r.refers_to = p_payment.id and r.kind = 'refund'
$$;

-- refund_payment: an admin gives back a desk payment, or part of it, never more than is left of it,
-- with a reason the customer reads. A card payment is refunded through Stripe (the refund-payment Edge
-- Function, then post_card_refund). Key: the op id.
create or replace function public.refund_payment(p_op_id uuid, p_payment_id uuid, p_amount_cents bigint, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text;
  v_payment public.account_entries;
  v_entry public.account_entries;
  v_left bigint;
begin
  perform public.money_admin_check();
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  select * into v_payment from public.account_entries e where e.id = p_payment_id and e.kind = 'payment';
  if not found then
    raise exception 'payment % not found', p_payment_id using errcode = 'PT404', hint = 'payment_not_found';
  end if;
  if v_payment.method = 'card' then
    raise exception 'a card payment is refunded through Stripe' using errcode = '22023', hint = 'refund_through_stripe';
  end if;
  perform public.money_amount_input(p_amount_cents, false);
  v_reason := public.money_reason_input(p_reason);

  select * into v_entry from public.account_entries e where e.idempotency_key = 'op:' || p_op_id;
  if not found then
    perform 1 from public.account_balances b where b.user_id = v_payment.user_id for update;
    v_left := public.payment_refundable_cents(v_payment);
    if p_amount_cents > v_left then
      raise exception 'at most % cents of this payment are left to refund', v_left using errcode = '22023', hint = 'refund_exceeds_payment',
        detail = jsonb_build_object('max_cents', v_left)::text;
    end if;
  end if;
  v_entry := public.post_account_entry('op:' || p_op_id, v_payment.user_id, 'refund', p_amount_cents,
    p_method => v_payment.method, p_reference => v_payment.reference, p_reason => v_reason,
    p_refers_to => v_payment.id, p_posted_by => auth.uid());
  return public.account_entry_json(v_entry);
end
$$;

-- post_card_payment: a Checkout Session paid (the stripe-webhook function, service role). p_key is
-- 'checkout:' || the session's id, so the session's completed and async_payment_succeeded events post
-- one line; p_reference is its payment intent.
create or replace function public.post_card_payment(p_key text, p_user_id uuid, p_amount_cents bigint, p_reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.account_entries;
begin
  if p_key is null or p_key = '' or p_reference is null or p_reference = '' then
    raise exception 'p_key and p_reference are required' using errcode = '22004', hint = 'bad_request';
  end if;
  perform public.money_customer_input(p_user_id);
  perform public.money_amount_input(p_amount_cents, false);
  v_entry := public.post_account_entry(p_key, p_user_id, 'payment', -p_amount_cents,
    p_method => 'card', p_reference => p_reference);
  return public.account_entry_json(v_entry);
end
$$;

-- post_card_refund: a refund Stripe made (the refund-payment function at once, the charge.refunded
-- webhook again; service role), of the card payment whose reference is p_payment_intent. Key:
-- 'stripe-refund:' || the refund's id. Stripe has refunded already, so it is posted as Stripe says.
create or replace function public.post_card_refund(p_refund_id text, p_payment_intent text, p_amount_cents bigint, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.account_entries;
  v_entry public.account_entries;
begin
  if p_refund_id is null or p_refund_id = '' then
    raise exception 'p_refund_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  select * into v_payment from public.account_entries e
  where e.kind = 'payment' and e.method = 'card' and e.reference = p_payment_intent
  order by e.created_at limit 1;
  if not found then
    raise exception 'no card payment with payment intent %', p_payment_intent using errcode = 'PT404', hint = 'payment_not_found';
  end if;
  perform public.money_amount_input(p_amount_cents, false);
  v_entry := public.post_account_entry('stripe-refund:' || p_refund_id, v_payment.user_id, 'refund', p_amount_cents,
    p_method => 'card', p_reference => p_payment_intent, p_reason => nullif(public.trim_whitespace(left(p_reason, 500)), ''),
    p_refers_to => v_payment.id);
  return public.account_entry_json(v_entry);
end
$$;

-- What is unpaid of each line that added to what its customer owes, for the customers who owe:
-- payments and credits pay the oldest lines first, so what is owed is the newest debits' (a balance of
-- $30 after charges of $20 and $25 is $25 of the newer and $5 of the older). Admins' reads only.
create or replace function public.account_unpaid_debits(p_user_id uuid default null)
returns table (user_id uuid, entry_id uuid, created_at timestamptz, unpaid_cents bigint)
language sql
stable
set search_path = ''
as $$
  select d.user_id, d.id, d.created_at, least(d.amount_cents, d.balance_cents - d.newer_cents)
  from (
    select e.user_id, e.id, e.created_at, e.amount_cents, b.balance_cents,
      coalesce(sum(e.amount_cents) over (partition by e.user_id order by e.created_at desc, e.id desc
        rows between unbounded preceding and 1 preceding), 0) as newer_cents
    from public.account_balances b
    join public.account_entries e on e.user_id = b.user_id and e.amount_cents > 0
    where b.balance_cents > 0 and (p_user_id is null or b.user_id = p_user_id)
  ) d
  where d.newer_cents < d.balance_cents
$$;

-- A customer's lines after a checkpoint, as pull_notifications pages them: their own (p_user_id null or
-- theirs), or an admin's pull of one customer's.
create or replace function public.pull_account_entries(p_since text, p_limit integer default 500, p_user_id uuid default null)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user uuid := coalesce(p_user_id, auth.uid());
  v_result json;
begin
  if auth.uid() is null then
    raise exception 'permission denied: sign in to read an account' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if v_user <> auth.uid() and not public.is_admin() then
    raise exception 'permission denied: only admins read another customer''s account' using errcode = '42501', hint = 'admins_only';
  end if;
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size
    from public.pull_bounds(p_since, p_limit) b
  ),
  candidates as (
    select s.id, s.change_xid, row_number() over (order by s.change_xid, s.id) as n
    from (
      select x.id, x.change_xid from public.account_entries x
      where x.user_id = v_user
        and public.pull_pending(x.change_xid, x.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
      order by x.change_xid, x.id
      limit (select page_size + 1 from bounds)
    ) s
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'entries', coalesce(
      (select json_agg(public.account_entry_json(x) order by pg.n)
       from page pg join public.account_entries x on x.id = pg.id),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
  into v_result;
  return v_result;
end
$$;

-- Every customer's balance, for admins: a first pull (no checkpoint) only the balances not zero, later
-- every balance changed since; with when the oldest line still unpaid was posted (null when nothing is
-- owed).
create or replace function public.pull_account_balances(p_since text, p_limit integer default 5000)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_first boolean := coalesce(p_since, '') = '';
  v_result json;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins read every balance' using errcode = '42501', hint = 'admins_only';
  end if;
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size
    from public.pull_bounds(p_since, p_limit) b
  ),
  candidates as (
    select s.user_id, s.change_xid, row_number() over (order by s.change_xid, s.user_id) as n
    from (
      select x.user_id, x.change_xid from public.account_balances x
      where (not v_first or x.balance_cents <> 0)
        and public.pull_pending(x.change_xid, x.user_id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
      order by x.change_xid, x.user_id
      limit (select page_size + 1 from bounds)
    ) s
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'balances', coalesce(
      (select json_agg(json_build_object(
          'user_id', x.user_id, 'balance_cents', x.balance_cents,
          'oldest_unpaid_at', (select min(u.created_at) from public.account_unpaid_debits(x.user_id) u),
          'change_xid', x.change_xid::text)
          order by pg.n)
       from page pg join public.account_balances x on x.user_id = pg.user_id),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.user_id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
  into v_result;
  return v_result;
end
$$;

-- Cuentas por cobrar: the customers who owe on p_today (Miami's today by default), what they owe split
-- by how many days ago the unpaid lines were posted (0-30, 31-60, 61-90, 91 and more; Miami days), most
-- owed first, and the totals. Admins only.
create or replace function public.receivables(p_today date default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (pg_catalog.now() at time zone 'America/New_York')::date);
  v_result jsonb;
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'permission denied: only admins read the receivables' using errcode = '42501', hint = 'admins_only';
  end if;
  with aged as (
    select u.user_id, u.created_at, u.unpaid_cents,
      v_today - (u.created_at at time zone 'America/New_York')::date as age
    from public.account_unpaid_debits() u
  ),
  owing as (
    select a.user_id,
      sum(a.unpaid_cents)::bigint as owed_cents,
      coalesce(sum(a.unpaid_cents) filter (where a.age <= 30), 0)::bigint as days_0_30,
      coalesce(sum(a.unpaid_cents) filter (where a.age between 31 and 60), 0)::bigint as days_31_60,
      coalesce(sum(a.unpaid_cents) filter (where a.age between 61 and 90), 0)::bigint as days_61_90,
      coalesce(sum(a.unpaid_cents) filter (where a.age > 90), 0)::bigint as days_90_plus,
      min(a.created_at) as oldest_unpaid_at
    from aged a
    group by a.user_id
  )
  select jsonb_build_object(
    'today', v_today,
    'customers', coalesce(
      (select jsonb_agg(jsonb_build_object('user_id', o.user_id, 'owed_cents', o.owed_cents,
          'days_0_30', o.days_0_30, 'days_31_60', o.days_31_60, 'days_61_90', o.days_61_90,
          'days_90_plus', o.days_90_plus, 'oldest_unpaid_at', o.oldest_unpaid_at)
        order by o.owed_cents desc, o.user_id)
       from owing o),
      '[]'::jsonb),
    'totals', (
      select jsonb_build_object('customers', count(*), 'owed_cents', coalesce(sum(o.owed_cents), 0),
        'days_0_30', coalesce(sum(o.days_0_30), 0), 'days_31_60', coalesce(sum(o.days_31_60), 0),
        'days_61_90', coalesce(sum(o.days_61_90), 0), 'days_90_plus', coalesce(sum(o.days_90_plus), 0))
      from owing o))
  into v_result;
  return v_result;
end
$$;

-- The ledger's months for admin_report: per calendar month (Miami) touching p_from..p_to, counting only
-- the lines posted on those days: charges (shipment charges and storage fees, less their reversals),
-- payments (as a positive sum) and refunds.
create or replace function public.report_money_months(p_from date, p_to date)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'month', m.month,
      'charges_cents', coalesce(t.charges_cents, 0),
      'payments_cents', coalesce(t.payments_cents, 0),
      'refunds_cents', coalesce(t.refunds_cents, 0))
    order by m.month), '[]'::jsonb)
  from (
    select g::date as month
    from generate_series(date_trunc('month', p_from::timestamp), p_to::timestamp, interval '1 month') g
  ) m
  left join (
    select date_trunc('month', e.created_at at time zone 'America/New_York')::date as month,
      sum(e.amount_cents) filter (where e.kind in ('shipment_charge', 'storage_fee', 'reversal'))::bigint as charges_cents,
      (-sum(e.amount_cents) filter (where e.kind = 'payment'))::bigint as payments_cents,
      sum(e.amount_cents) filter (where e.kind = 'refund')::bigint as refunds_cents
    from public.account_entries e
    where e.created_at >= p_from::timestamp at time zone 'America/New_York'
      and e.created_at < (p_to + 1)::timestamp at time zone 'America/New_York'
    group by 1
  ) t on t.month = m.month
$$;

-- Storage fees, once a day: each package whose free storage has ended (storage_countdowns: waiting at
-- the warehouse, not leaving in a requested or processing shipment) is charged the
-- storage_fee_cents_per_day rate for each Miami day after its last free day, one line per package and
-- day (key 'storage:' || package || ':' || day). A day the job missed is caught up on its next run, up to
-- 7 days back, so a package is never charged for days long before the fees were run for it (a package
-- that was waiting in a shipment since cancelled, or at the first run after fees began). A rate of 0
-- posts nothing. Returns how many lines it posted.
create or replace function public.post_storage_fees(p_today date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (pg_catalog.now() at time zone 'America/New_York')::date);
  v_fee bigint := coalesce(public.rate_value('storage_fee_cents_per_day'), 0)::bigint;
  v_due record;
  v_posted integer := 0;
begin
  if v_fee <= 0 then
    return 0;
  end if;
  for v_due in
    select c.package_id, c.user_id, d::date as day, 'storage:' || c.package_id || ':' || d::date as key
    from public.storage_countdowns(v_today) c
    cross join generate_series(greatest(c.last_free_day + 1, v_today - 6)::timestamp, v_today::timestamp, interval '1 day') d
    where c.days_left < 0
      and not exists (select 1 from public.account_entries e where e.idempotency_key = 'storage:' || c.package_id || ':' || d::date)
    order by c.user_id, c.package_id, d
  loop
    perform public.post_account_entry(v_due.key, v_due.user_id, 'storage_fee', v_fee,
      p_package_id => v_due.package_id, p_storage_day => v_due.day);
    v_posted := v_posted + 1;
  end loop;
  return v_posted;
end
$$;

revoke execute on function public.account_entries_append_only() from public, anon, authenticated;
revoke execute on function public.account_entry_json(public.account_entries) from public, anon;
grant execute on function public.account_entry_json(public.account_entries) to authenticated, service_role;
revoke execute on function public.post_account_entry(text, uuid, text, bigint, uuid, uuid, date, text, text, text, uuid, uuid) from public, anon, authenticated, service_role;
revoke execute on function public.money_amount_input(bigint, boolean) from public, anon, authenticated;
revoke execute on function public.money_reason_input(text) from public, anon, authenticated;
revoke execute on function public.money_customer_input(uuid) from public, anon, authenticated;
revoke execute on function public.money_admin_check() from public, anon, authenticated;
revoke execute on function public.payment_refundable_cents(public.account_entries) from public, anon, authenticated;
revoke execute on function public.record_payment(uuid, uuid, bigint, text, text) from public, anon;
grant execute on function public.record_payment(uuid, uuid, bigint, text, text) to authenticated;
revoke execute on function public.grant_credit(uuid, uuid, bigint, text) from public, anon;
grant execute on function public.grant_credit(uuid, uuid, bigint, text) to authenticated;
revoke execute on function public.post_adjustment(uuid, uuid, bigint, text) from public, anon;
grant execute on function public.post_adjustment(uuid, uuid, bigint, text) to authenticated;
revoke execute on function public.refund_payment(uuid, uuid, bigint, text) from public, anon;
grant execute on function public.refund_payment(uuid, uuid, bigint, text) to authenticated;
revoke execute on function public.post_card_payment(text, uuid, bigint, text) from public, anon, authenticated;
grant execute on function public.post_card_payment(text, uuid, bigint, text) to service_role;
revoke execute on function public.post_card_refund(text, text, bigint, text) from public, anon, authenticated;
grant execute on function public.post_card_refund(text, text, bigint, text) to service_role;
revoke execute on function public.account_unpaid_debits(uuid) from public, anon;
grant execute on function public.account_unpaid_debits(uuid) to authenticated, service_role;
revoke execute on function public.pull_account_entries(text, integer, uuid) from public, anon;
grant execute on function public.pull_account_entries(text, integer, uuid) to authenticated;
revoke execute on function public.pull_account_balances(text, integer) from public, anon;
grant execute on function public.pull_account_balances(text, integer) to authenticated;
revoke execute on function public.receivables(date) from public, anon;
grant execute on function public.receivables(date) to authenticated, service_role;
revoke execute on function public.report_money_months(date, date) from public, anon, authenticated;
revoke execute on function public.post_storage_fees(date) from public, anon, authenticated;
grant execute on function public.post_storage_fees(date) to service_role;

-- Read only, and only their own or, for admins, everyone's; the service role reads (the Stripe
-- functions look up a payment) and writes only through the functions above.
revoke all on public.account_entries from anon, authenticated, service_role;
grant select on public.account_entries to authenticated, service_role;
revoke all on public.account_balances from anon, authenticated, service_role;
grant select on public.account_balances to authenticated, service_role;
revoke all on sequence public.account_receipt_number_seq from anon, authenticated, service_role;

alter table public.account_entries enable row level security;
alter table public.account_balances enable row level security;

create policy "account_entries: users read their own" on public.account_entries
  for select to authenticated using (user_id = (select auth.uid()));
create policy "account_entries: admins read all" on public.account_entries
  for select to authenticated using ((select public.is_admin()));
create policy "account_balances: users read their own" on public.account_balances
  for select to authenticated using (user_id = (select auth.uid()));
create policy "account_balances: admins read all" on public.account_balances
  for select to authenticated using ((select public.is_admin()));

-- The storage fees' schedule: on a hosted project (it has pg_cron), every day at 05:05 UTC (just after
-- midnight in Miami, so the new day is charged); the local backend runs the same function on its
-- timer, with the reminders. As the reminders' schedule, a row in cron.job, written by hand.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('storage-fees', '5 5 * * *', 'select public.post_storage_fees()');
  end if;
end
$$;

-- 4. The approval is of the charge the customer saw, and posts it; a cancelled approved shipment has it
-- reversed; a shipment ships once its customer owes nothing; the report counts the ledger's months.
drop function public.approve_shipment(uuid, uuid);

create or replace function public.shipment_status_follows(p_shipment_id uuid, p_status text, p_op_id uuid, p_changed_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_follow text := case p_status
    when 'processing' then 'consolidacion'
    when 'shipped' then 'transito'
    when 'in_customs' then 'aduana'
    when 'ready' then 'disponible'
    when 'delivered' then 'entregado'
  end;
  v_freed boolean := p_status = 'cancelled';
  v_package record;
  v_target text;
  v_event_op uuid;
  v_charge record;
begin
  insert into public.shipment_events (shipment_id, status, actor, changed_at)
  values (p_shipment_id, p_status, auth.uid(), p_changed_at);

  if v_freed then
    select * into v_charge from public.account_entries e
    where e.shipment_id = p_shipment_id and e.kind = 'shipment_charge';
    if found then
      perform public.post_account_entry('shipment-reversal:' || p_shipment_id, v_charge.user_id, 'reversal', -v_charge.amount_cents,
        p_shipment_id => p_shipment_id, p_refers_to => v_charge.id, p_posted_by => auth.uid());
    end if;
  end if;

  perform 1 from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null order by p.id for update;
  for v_package in
    select p.id, p.status from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null order by p.id
  loop
    v_target := case when v_freed then case when v_package.status = 'consolidacion' then 'recibido' end else v_follow end;
    if v_target is null or v_target = v_package.status then
      if v_freed then
        update public.packages set shipment_id = null where id = v_package.id;
      end if;
      continue;
    end if;
    v_event_op := md5(p_op_id::text || ':' || v_package.id::text)::uuid;
    perform set_config('app.status_event_op', v_event_op::text, true);
    update public.packages
    set status = v_target, shipment_id = case when v_freed then null else shipment_id end
    where id = v_package.id;
    perform set_config('app.status_event_op', '', true);
    insert into public.package_events (package_id, status, op_id, actor, changed_at, outcome)
    values (v_package.id, v_target, v_event_op, auth.uid(), p_changed_at, 'applied');
  end loop;
end
$$;

create or replace function public.approve_shipment(p_op_id uuid, p_shipment_id uuid, p_final_cents bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_op public.shipment_ops;
  v_shipment public.shipments;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to approve a shipment' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_shipment_id is null then
    raise exception 'p_op_id and p_shipment_id are required' using errcode = '22004', hint = 'bad_request';
  end if;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'approve', '{}'::jsonb);
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
    end if;
    return public.shipment_json(v_shipment);
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found or (v_shipment.user_id <> v_uid and not public.is_admin()) then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if v_shipment.user_id <> v_uid then
    raise exception 'permission denied: only the customer approves their shipment' using errcode = '42501', hint = 'customer_approves_only';
  end if;
  if v_shipment.status in ('processing', 'awaiting_approval')
    and (v_shipment.final_cents is null or v_shipment.final_cents is distinct from p_final_cents) then
    raise exception 'the final charge is now % cents, not %', v_shipment.final_cents, p_final_cents using errcode = '22023', hint = 'charge_changed',
      detail = jsonb_build_object('final_cents', v_shipment.final_cents)::text;
  end if;
  if v_shipment.status <> 'awaiting_approval' then
    raise exception 'a shipment that is % cannot be approved', v_shipment.status using errcode = '22023', hint = 'shipment_not_approvable',
      detail = jsonb_build_object('status', v_shipment.status)::text;
  end if;

  update public.shipments set status = 'approved' where id = p_shipment_id returning * into v_shipment;
  perform public.shipment_status_follows(p_shipment_id, 'approved', p_op_id, now());
  if v_shipment.final_cents > 0 then
    perform public.post_account_entry('shipment-charge:' || p_shipment_id, v_uid, 'shipment_charge', v_shipment.final_cents,
      p_shipment_id => p_shipment_id);
  end if;
  return public.shipment_json(v_shipment);
end
$$;

create or replace function public.advance_shipment(p_op_id uuid, p_shipment_id uuid, p_status text, p_base_version bigint, p_changed_at timestamp with time zone, p_details jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_details jsonb := coalesce(p_details, '{}'::jsonb);
  v_op public.shipment_ops;
  v_shipment public.shipments;
  v_from text;
  v_key text;
  v_changed_at timestamptz := coalesce(p_changed_at, now());
  v_weight numeric;
  v_length numeric;
  v_width numeric;
  v_height numeric;
  v_carrier text;
  v_tracking text;
  v_reason text;
  v_plan text;
  v_actual_lb numeric;
  v_volumetric_lb numeric;
  v_final jsonb;
  v_owed bigint;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can advance a shipment' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_op_id is null or p_shipment_id is null or p_base_version is null then
    raise exception 'p_op_id, p_shipment_id and p_base_version are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if p_changed_at > now() + interval '5 minutes' then
    raise exception 'changed_at % is more than 5 minutes ahead of the server''s clock (%): check the device''s date and time',
      p_changed_at, now() using errcode = '22023', hint = 'clock_ahead',
      detail = jsonb_build_object('changed_at', p_changed_at, 'server_time', now())::text;
  end if;
  if p_status is null or p_status not in (
      'requested', 'processing', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered', 'cancelled') then
    raise exception 'p_status must be one of requested, processing, awaiting_approval, approved, shipped, in_customs, ready, delivered, cancelled'
      using errcode = '22023', hint = 'bad_request';
  end if;
  if jsonb_typeof(v_details) <> 'object' then
    raise exception 'p_details must be a JSON object' using errcode = '22023', hint = 'bad_request';
  end if;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'advance', jsonb_build_object(
    'status', p_status, 'base_version', p_base_version,
    'changed_at', extract(epoch from p_changed_at), 'details', v_details));
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
    end if;
    return jsonb_build_object('outcome', v_op.outcome, 'shipment', public.shipment_json(v_shipment));
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if v_shipment.version <> p_base_version then
    update public.shipment_ops set outcome = 'superseded' where op_id = p_op_id;
    return jsonb_build_object('outcome', 'superseded', 'shipment', public.shipment_json(v_shipment));
  end if;

  v_from := v_shipment.status;
  if not ((v_from, p_status) in (
      ('requested', 'processing'), ('processing', 'awaiting_approval'), ('awaiting_approval', 'processing'),
      ('approved', 'shipped'), ('shipped', 'in_customs'), ('in_customs', 'ready'), ('ready', 'delivered'))
    or (p_status = 'cancelled' and v_from in ('requested', 'processing', 'awaiting_approval', 'approved'))) then
    raise exception 'a shipment that is % cannot become %', v_from, p_status using errcode = '22023', hint = 'shipment_step_not_allowed',
      detail = jsonb_build_object('from', v_from, 'to', p_status)::text;
  end if;

  if p_status = 'awaiting_approval' then
    select b.weight_kg, b.length_cm, b.width_cm, b.height_cm into v_weight, v_length, v_width, v_height
    from public.shipment_box_input(v_details) b;
    select pr.plan into v_plan from public.profiles pr where pr.id = v_shipment.user_id;
    select w.actual_lb, w.volumetric_lb into v_actual_lb, v_volumetric_lb
    from public.box_weights(v_weight, v_length, v_width, v_height) w;
    v_final := public.shipment_price(v_plan, v_actual_lb, v_volumetric_lb,
      v_shipment.service, (v_shipment.options ->> 'insurance')::boolean, v_shipment.declared_total_cents,
      jsonb_array_length(public.shipment_package_ids(p_shipment_id)));
    update public.shipments
    set status = p_status, weight_kg = v_weight, length_cm = v_length, width_cm = v_width, height_cm = v_height,
      final_cents = (v_final ->> 'total_cents')::bigint, final = v_final
    where id = p_shipment_id
    returning * into v_shipment;

  elsif v_from = 'awaiting_approval' and p_status = 'processing' then
    for v_key in select k from jsonb_object_keys(v_details) k order by k loop
      if v_key <> 'reason' then
        raise exception 'p_details.% is not a detail of weighing again (reason)', v_key using errcode = '22023', hint = 'bad_request';
      end if;
    end loop;
    v_reason := case when jsonb_typeof(v_details -> 'reason') = 'string' then public.trim_whitespace(v_details ->> 'reason') end;
    if coalesce(char_length(v_reason), 0) not between 1 and 500 then
      raise exception 'p_details.reason must be 1 to 500 characters' using errcode = '22023', hint = 'reweigh_reason_needed',
      detail = jsonb_build_object('max', 500)::text;
    end if;
    update public.shipments
    set status = p_status, weight_kg = null, length_cm = null, width_cm = null, height_cm = null, final_cents = null, final = null
    where id = p_shipment_id
    returning * into v_shipment;

  elsif p_status = 'shipped' then
    -- The balance row's lock (FOR SHARE) holds off a posting until this shipment has shipped.
    select b.balance_cents into v_owed from public.account_balances b where b.user_id = v_shipment.user_id for share;
    if v_owed > 0 then
      raise exception 'the customer owes % cents: a shipment ships once its account is paid', v_owed using errcode = '22023', hint = 'account_owes',
        detail = jsonb_build_object('owed_cents', v_owed)::text;
    end if;
    for v_key in select k from jsonb_object_keys(v_details) k order by k loop
      if v_key not in ('carrier', 'tracking') then
        raise exception 'p_details.% is not a detail of the dispatch (carrier, tracking)', v_key using errcode = '22023', hint = 'bad_request';
      end if;
    end loop;
    v_carrier := case when jsonb_typeof(v_details -> 'carrier') = 'string' then public.trim_whitespace(v_details ->> 'carrier') end;
    if coalesce(char_length(v_carrier), 0) not between 1 and 60 then
      raise exception 'p_details.carrier must be 1 to 60 characters' using errcode = '22023', hint = 'carrier_length',
      detail = jsonb_build_object('max', 60)::text;
    end if;
    v_tracking := case when jsonb_typeof(v_details -> 'tracking') = 'string' then public.trim_whitespace(v_details ->> 'tracking') end;
    if v_tracking is null or v_tracking !~ '^[A-Za-z0-9-]{4,60}$' then
      raise exception 'p_details.tracking must be 4 to 60 characters: letters A-Z, digits 0-9 and -' using errcode = '22023', hint = 'dispatch_tracking_invalid';
    end if;
    update public.shipments set status = p_status, carrier = v_carrier, outbound_tracking = v_tracking
    where id = p_shipment_id
    returning * into v_shipment;

  else
    if v_details <> '{}'::jsonb then
      raise exception 'p_details must be empty when a shipment goes from % to %', v_from, p_status using errcode = '22023', hint = 'bad_request';
    end if;
    update public.shipments set status = p_status where id = p_shipment_id returning * into v_shipment;
  end if;

  perform public.shipment_status_follows(p_shipment_id, p_status, p_op_id, v_changed_at);
  if v_final is not null or v_reason is not null then
    update public.shipment_events
    set final_cents = (v_final ->> 'total_cents')::bigint, final = v_final, reason = v_reason
    where id = (select max(e.id) from public.shipment_events e where e.shipment_id = p_shipment_id);
  end if;
  update public.shipment_ops set outcome = 'applied' where op_id = p_op_id;
  return jsonb_build_object('outcome', 'applied', 'shipment', public.shipment_json(v_shipment));
end
$$;

revoke execute on function public.approve_shipment(uuid, uuid, bigint) from public, anon;
grant execute on function public.approve_shipment(uuid, uuid, bigint) to authenticated;

create or replace function public.admin_report(p_from date, p_to date, p_bucket text default 'day')
returns jsonb
language plpgsql
stable SECURITY DEFINER
set search_path = ''
set jit = 'off'
set plan_cache_mode = 'force_custom_plan'
as $$
declare
  v_zone constant text := 'America/New_York';
  -- The range as instants: from the first day's midnight in Miami to the midnight after the
  -- last day's. The indexes are searched by these, never by a day computed per row.
  v_start timestamptz;
  v_end timestamptz;
  -- The buckets: their first days, and the instants from which each counts (its first day's
  -- midnight, or p_from's for a first week that starts before the range). An event's bucket is
  -- found among these (width_bucket, a binary search) instead of converting every event's time
  -- to a date in Miami.
  v_starts date[];
  v_bounds timestamptz[];
  v_today date;
  v_report jsonb;
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'only admins can read reports' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_from is null or p_to is null then
    raise exception 'the range needs a first and a last day' using errcode = '22023', hint = 'report_range_needed';
  end if;
  if p_from > p_to then
    raise exception 'the range starts after it ends' using errcode = '22023', hint = 'report_range_reversed',
      detail = jsonb_build_object('from', p_from, 'to', p_to)::text;
  end if;
  -- 400 days, both ends included: a year and then some, to compare a season with the last one.
  if p_to - p_from + 1 > 400 then
    raise exception 'a report covers at most 400 days' using errcode = '22023', hint = 'report_too_long',
      detail = jsonb_build_object('max_days', 400)::text;
  end if;
  if p_bucket is null or p_bucket not in ('day', 'week') then
    raise exception 'the bucket is day or week' using errcode = '22023', hint = 'bad_request';
  end if;

  v_start := p_from::timestamp at time zone v_zone;
  v_end := (p_to + 1)::timestamp at time zone v_zone;
  v_today := (pg_catalog.now() at time zone v_zone)::date;
  select array_agg(b.day order by b.day),
    array_agg(greatest(b.day, p_from)::timestamp at time zone v_zone order by b.day)
  into v_starts, v_bounds
  from (
    select g::date as day
    from generate_series(
      case p_bucket when 'week' then date_trunc('week', p_from::timestamp) else p_from::timestamp end,
      p_to::timestamp,
      case p_bucket when 'week' then interval '1 week' else interval '1 day' end) as g
  ) b;

  with
  -- The first 'recibido', 'transito' and 'entregado' in the range, of packages not deleted: one
  -- range of an index each. Not materialized: read again where used (a few tens of
  -- milliseconds), the planner knows their statistics and joins them by hashing.
  received_in as not materialized (
    select e.package_id as id, e.changed_at
    from public.package_events e
    where e.first_of_status and e.status = 'recibido' and e.changed_at >= v_start and e.changed_at < v_end
      and not exists (select 1 from public.packages d where d.id = e.package_id and d.deleted_at is not null)
  ),
  shipped_in as not materialized (
    select e.package_id as id, e.changed_at
    from public.package_events e
    where e.first_of_status and e.status = 'transito' and e.changed_at >= v_start and e.changed_at < v_end
      and not exists (select 1 from public.packages d where d.id = e.package_id and d.deleted_at is not null)
  ),
  delivered_in as not materialized (
    select e.package_id as id, e.changed_at
    from public.package_events e
    where e.first_of_status and e.status = 'entregado' and e.changed_at >= v_start and e.changed_at < v_end
      and not exists (select 1 from public.packages d where d.id = e.package_id and d.deleted_at is not null)
  ),
  -- The arrivals in the range: first 'recibido' in it, or registered in it with no 'recibido' at
  -- all (looked up only for the packages registered in the range that have none in it: normally
  -- none).
  arrivals as materialized (
    select r.id, r.changed_at as arrived_at from received_in r
    union all
    select p.id, p.created_at
    from public.packages p
    where p.deleted_at is null and p.created_at >= v_start and p.created_at < v_end
      and not exists (select 1 from received_in r where r.id = p.id)
      and not exists (
        select 1 from public.package_events e
        where e.package_id = p.id and e.first_of_status and e.status = 'recibido')
  ),
  -- What happened, by bucket (1 for the first).
  counted as (
    select h.n,
      count(*) filter (where h.kind = 1) as received,
      count(*) filter (where h.kind = 2) as shipped,
      count(*) filter (where h.kind = 3) as delivered,
      count(*) filter (where h.kind = 4) as prealerted
    from (
      select 1 as kind, width_bucket(a.arrived_at, v_bounds) as n from arrivals a
      union all
      select 2, width_bucket(s.changed_at, v_bounds) from shipped_in s
      union all
      select 3, width_bucket(d.changed_at, v_bounds) from delivered_in d
      union all
      select 4, width_bucket(a.arrived_at, v_bounds) from arrivals a
      where exists (select 1 from public.prealerts pa where pa.package_id = a.id)
    ) h
    group by h.n
  ),
  -- Days from arrival to the first 'transito', for the packages shipped in the range. Most
  -- arrived in it too; the arrival of the others (days' worth of packages) is looked up.
  to_shipment as (
    select date_part('epoch', s.changed_at - coalesce(
        r.changed_at,
        (select e.changed_at from public.package_events e
         where e.package_id = s.id and e.first_of_status and e.status = 'recibido'
         limit 1),
        (select p.created_at from public.packages p where p.id = s.id)
      )) / 86400 as days
    from shipped_in s
    left join received_in r on r.id = s.id
  ),
  -- The snapshot: every package not delivered (nor deleted), with the day it arrived.
  open_now as materialized (
    select p.status,
      (coalesce(
        (select e.changed_at from public.package_events e
         where e.package_id = p.id and e.first_of_status and e.status = 'recibido'
         limit 1),
        p.created_at) at time zone v_zone)::date as arrived_on
    from public.packages p
    where p.status <> 'entregado' and p.deleted_at is null
  ),
  waiting as (
    select s.status, s.n,
      count(o.status) filter (where v_today - o.arrived_on <= 7) as days_0_7,
      count(o.status) filter (where v_today - o.arrived_on between 8 and 14) as days_8_14,
      count(o.status) filter (where v_today - o.arrived_on between 15 and 30) as days_15_30,
      count(o.status) filter (where v_today - o.arrived_on >= 31) as days_31_plus
    from unnest(array['recibido', 'consolidacion', 'transito', 'aduana', 'disponible']) with ordinality as s (status, n)
    left join open_now o on o.status = s.status
    group by s.status, s.n
  )
  select jsonb_build_object(
    'from', p_from,
    'to', p_to,
    'bucket', p_bucket,
    'time_zone', v_zone,
    'generated_at', pg_catalog.now(),
    'flow', (
      select jsonb_agg(jsonb_build_object(
          'start', b.start,
          'received', coalesce(c.received, 0),
          'shipped', coalesce(c.shipped, 0),
          'delivered', coalesce(c.delivered, 0),
          'prealerted', coalesce(c.prealerted, 0))
        order by b.n)
      from unnest(v_starts) with ordinality as b (start, n)
      left join counted c on c.n = b.n),
    'totals', (
      select jsonb_build_object(
        'received', coalesce(sum(c.received), 0),
        'shipped', coalesce(sum(c.shipped), 0),
        'delivered', coalesce(sum(c.delivered), 0),
        'prealerted', coalesce(sum(c.prealerted), 0))
      from counted c),
    'waiting', (
      select jsonb_agg(jsonb_build_object(
          'status', w.status,
          'days_0_7', w.days_0_7,
          'days_8_14', w.days_8_14,
          'days_15_30', w.days_15_30,
          'days_31_plus', w.days_31_plus)
        order by w.n)
      from waiting w),
    'to_shipment', (
      select jsonb_build_object(
        'count', q.count,
        'median_days', round(q.days[1]::numeric, 1),
        'p90_days', round(q.days[2]::numeric, 1))
      from (
        select count(*) as count, percentile_cont(array[0.5, 0.9]) within group (order by t.days) as days
        from to_shipment t
      ) q),
    -- Free storage ending (in its last days, the last one included) or ended, as the reminders count it.
    'storage', (
      select jsonb_build_object(
        'ending_soon', count(*) filter (where c.ending and c.days_left >= 0),
        'ended', count(*) filter (where c.days_left < 0))
      from public.storage_countdowns(v_today) c),
    'money', public.report_money_months(p_from, p_to)
  )
  into v_report;

  return v_report;
end
$$;

-- 5. Live updates of a customer's lines and balance, as the earlier tables joined (idempotent).
do $$
declare
  v_table text;
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach v_table in array array['account_entries', 'account_balances'] loop
    if not exists (
      select from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = v_table
    ) then
      execute format('alter publication supabase_realtime add table public.%I', v_table);
    end if;
  end loop;
end
$$;
