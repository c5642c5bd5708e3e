-- Money: one append-only ledger of what each customer owes (account_entries) and the running balance
-- it adds up to (account_balances). Every line is posted by post_account_entry, the only writer, under
-- the customer's balance row lock, so concurrent postings never lose an update and each line's
-- balance_after_cents is the previous line's plus its amount_cents. A line is never changed nor
-- deleted (a trigger refuses it for every role, the owner's functions included): a correction is a new
-- line (a refund, a credit, an adjustment, a reversal).
--
-- Amounts are whole cents (bigint), positive for what the customer owes more (a charge, a storage fee, a
-- refund of a payment), negative for what they owe less (a payment, a credit, a reversal of a charge);
-- a negative balance is a credit that later charges use. Nothing here rounds: every amount arrives in
-- cents, priced by shipment_price (40_rates_and_plans.sql) or typed as cents.
--
-- What posts a line: the customer's approval of a shipment's final charge (approve_shipment), the
-- reversal of that charge when an approved, unshipped shipment is cancelled (shipment_status_follows),
-- the daily storage fees (post_storage_fees), desk payments, credits, adjustments and refunds by admins,
-- and card payments and refunds from Stripe (post_card_payment, post_card_refund, called by the
-- Edge Functions with the service role). Each line has a key per intent (the op id, the shipment, the
-- package and day, the Checkout Session, the Stripe refund): a replay returns the line already posted.
-- A shipment ships only once its customer owes nothing (advance_shipment).

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

-- record_payment: staff (a clerk too) record a payment taken at the desk (cash, bank transfer, Zelle, card at the
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
  if not public.is_staff() then
    raise exception 'permission denied: only staff record a payment' using errcode = '42501', hint = 'staff_only';
  end if;
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
-- theirs), or staff's pull of one customer's.
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
  if v_user <> auth.uid() and not public.is_staff() then
    raise exception 'permission denied: only staff read another customer''s account' using errcode = '42501', hint = 'staff_only';
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

-- Every customer's balance, for staff: a first pull (no checkpoint) only the balances not zero, later
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
  if not public.is_staff() then
    raise exception 'permission denied: only staff read every balance' using errcode = '42501', hint = 'staff_only';
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

-- The storage fee of a Miami day: the storage_fee_cents_per_day rate in effect when the day began (its
-- last change before that midnight; before the first change, the value that change replaced). A day is
-- charged what the rate said when it started, so when the job runs (on time, or catching up) never
-- changes what a day costs. The fee was introduced by the rate's first change from 0 (a project's
-- first rate_changes row for it, recorded when 20261205100100 ran): every day that began before it costs
-- 0. Introduced by the rate's history rather than by a fixed date in a migration, because a project
-- that deploys the fees weeks after that date would otherwise charge its first run for those weeks.
create or replace function public.storage_fee_cents_on(p_day date)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select c.new_value from public.rate_changes c
     where c.key = 'storage_fee_cents_per_day' and c.changed_at <= p_day::timestamp at time zone 'America/New_York'
     order by c.changed_at desc, c.id desc limit 1),
    (select c.old_value from public.rate_changes c
     where c.key = 'storage_fee_cents_per_day'
     order by c.changed_at, c.id limit 1),
    public.rate_value('storage_fee_cents_per_day'),
    0)::bigint
$$;

-- A shipment's ops in order: post_storage_fees reads which packages each put in or took out.
create index shipment_ops_shipment_idx on public.shipment_ops (shipment_id, recorded_at);

-- Storage fees, once a day (pg_cron on a hosted project, the stand-in's daily jobs locally): each package
-- whose free storage has ended and that waits at the warehouse today (storage_countdowns) is charged, for
-- each Miami day after its last free day up to p_today, that day's fee (storage_fee_cents_on), one line
-- per package and day (key 'storage:' || package || ':' || day). Days a run missed are caught up by the
-- next. A day the package spent, even in part, in a shipment is never charged: from the day an op put it
-- in (request or set_packages, shipment_ops) to the day the shipment was cancelled (shipment_events) or an
-- op took it out, so a cancelled shipment's days stay free; a shipment still open holds its packages out
-- of storage_countdowns altogether. Days that cost 0 (before the fee was introduced, or with a rate of 0)
-- post nothing. Returns how many lines it posted.
create or replace function public.post_storage_fees(p_today date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (pg_catalog.now() at time zone 'America/New_York')::date);
  v_due record;
  v_posted integer := 0;
begin
  for v_due in
    with overdue as (
      select c.package_id, c.user_id, c.last_free_day
      from public.storage_countdowns(v_today) c
      where c.days_left < 0
    ),
    fees as (
      select d::date as day, public.storage_fee_cents_on(d::date) as cents
      from generate_series((select min(o.last_free_day) + 1 from overdue o)::timestamp, v_today::timestamp, interval '1 day') d
    ),
    held as (
      select h.package_id, (h.from_at at time zone 'America/New_York')::date as first_day,
        coalesce((h.until_at at time zone 'America/New_York')::date, v_today) as last_day
      from (
        select o.package_id, op.recorded_at as from_at,
          least(
            (select min(n.recorded_at) from public.shipment_ops n
             where n.shipment_id = op.shipment_id and n.kind = 'set_packages' and n.recorded_at > op.recorded_at
               and not (n.args -> 'package_ids') ? o.package_id::text),
            (select min(e.recorded_at) from public.shipment_events e
             where e.shipment_id = op.shipment_id and e.status = 'cancelled')) as until_at
        from overdue o
        join public.shipments s on s.user_id = o.user_id
        join public.shipment_ops op on op.shipment_id = s.id and op.kind in ('request', 'set_packages')
          and (op.args -> 'package_ids') ? o.package_id::text
      ) h
    )
    select o.package_id, o.user_id, f.day, f.cents, 'storage:' || o.package_id || ':' || f.day as key
    from overdue o
    join fees f on f.day > o.last_free_day and f.cents > 0
    where not exists (select 1 from held h where h.package_id = o.package_id and f.day between h.first_day and h.last_day)
      and not exists (select 1 from public.account_entries e where e.idempotency_key = 'storage:' || o.package_id || ':' || f.day)
    order by o.user_id, o.package_id, f.day
  loop
    perform public.post_account_entry(v_due.key, v_due.user_id, 'storage_fee', v_due.cents,
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
revoke execute on function public.storage_fee_cents_on(date) from public, anon, authenticated;
revoke execute on function public.post_storage_fees(date) from public, anon, authenticated;
grant execute on function public.post_storage_fees(date) to service_role;

-- Read only, and only their own or, for staff, everyone's; the service role reads (the Stripe
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
create policy "account_entries: staff read all" on public.account_entries
  for select to authenticated using ((select public.is_staff()));
create policy "account_balances: users read their own" on public.account_balances
  for select to authenticated using (user_id = (select auth.uid()));
create policy "account_balances: staff read all" on public.account_balances
  for select to authenticated using ((select public.is_staff()));

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
