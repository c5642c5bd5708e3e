-- Prealerts: a customer announces a purchase on its way to the warehouse (carrier tracking number,
-- store, description, declared value, expected date); when the warehouse registers a package for that
-- customer with that tracking number, the prealert is marked received and the package's meta carries
-- what the customer declared (register_package, 35_package_registration.sql).
--
-- Customers write only through save_prealert and cancel_prealert, which an offline outbox replays any
-- number of times: each op_id is recorded once (prealert_ops) and a replay with the same arguments
-- changes nothing. Offline copies follow the table with pull_prealerts (80_pulls.sql), on the
-- change_xid cursor packages use.

-- version, change_xid, created_at and updated_at belong to the server, as on packages (prealerts_stamp
-- overwrites whatever is sent).
create table public.prealerts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  tracking_code text not null
    constraint prealerts_tracking_code_format check (tracking_code ~ '^[A-Z0-9-]{6,40}$'),
  store text not null
    constraint prealerts_store_length check (store = btrim(store) and char_length(store) between 1 and 80),
  description text not null
    constraint prealerts_description_length check (description = btrim(description) and char_length(description) between 1 and 200),
  declared_value_usd numeric(10, 2) not null
    constraint prealerts_declared_value_range check (declared_value_usd between 0 and 50000),
  expected_on date,
  state text not null default 'announced' check (state in ('announced', 'received', 'cancelled')),
  package_id uuid references public.packages (id) on delete set null,
  version bigint not null default 1,
  change_xid xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Purchase invoices attached by the customer (attach_document, 60_files.sql): {path, name, type,
  -- added_at}, paths in the documents bucket.
  documents jsonb not null default '[]'
    constraint prealerts_documents_is_array check (jsonb_typeof(documents) = 'array')
);

-- One open prealert per customer and tracking number; also what the matching looks up.
create unique index prealerts_open_tracking_code_idx on public.prealerts (user_id, tracking_code)
  where state = 'announced';
create index prealerts_user_id_idx on public.prealerts (user_id);
create index prealerts_package_id_idx on public.prealerts (package_id) where package_id is not null;
-- The pulls (80_pulls.sql): everything after a checkpoint; a customer's own; an admin's open ones;
-- the floor of what changed lately.
create index prealerts_change_xid_id_idx on public.prealerts (change_xid, id);
create index prealerts_owner_change_idx on public.prealerts (user_id, change_xid, id);
create index prealerts_open_change_idx on public.prealerts (change_xid, id) where state = 'announced';
create index prealerts_updated_at_idx on public.prealerts (updated_at) include (change_xid);

-- As packages_stamp: for every role, so no write escapes the pull's cursor.
create or replace function public.prealerts_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := now();
  else
    new.version := old.version + 1;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

create trigger prealerts_stamp
  before insert or update on public.prealerts
  for each row execute function public.prealerts_stamp();

-- The ops already applied: one row per op_id, with what it was called with (normalised), so a replay
-- is told from a second change sent under the same op_id. Recorded in the transaction of the change it
-- names, so a refused change records nothing. The ops go with their customer. No API role reads or
-- writes it; the policy says so to whoever adds a grant.
create table public.prealert_ops (
  op_id uuid primary key,
  prealert_id uuid not null,
  actor uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('save', 'cancel')),
  args jsonb not null,
  recorded_at timestamptz not null default now()
);

create index prealert_ops_actor_idx on public.prealert_ops (actor);

-- The prealert as the RPCs return it: every column but change_xid, as pull_prealerts.
create or replace function public.prealert_json(p_prealert public.prealerts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p_prealert) - 'change_xid'
$$;

-- Records op p_op_id for the caller, or finds it already recorded. Returns null when this call
-- records it (go ahead), the prealert's id when it is a replay of the same change, and raises PT409
-- when the op was recorded for another change (or by someone else). A replay racing the first call
-- waits on its uncommitted op_id, then sees it (a new snapshot per statement in READ COMMITTED).
create or replace function public.record_prealert_op(p_op_id uuid, p_prealert_id uuid, p_kind text, p_args jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_op public.prealert_ops;
begin
  insert into public.prealert_ops (op_id, prealert_id, actor, kind, args)
  values (p_op_id, p_prealert_id, auth.uid(), p_kind, p_args)
  on conflict (op_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_op from public.prealert_ops o where o.op_id = p_op_id;
  if v_op.prealert_id is distinct from p_prealert_id
    or v_op.actor is distinct from auth.uid()
    or v_op.kind is distinct from p_kind
    or v_op.args is distinct from p_args then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
  end if;
  return v_op.prealert_id;
end
$$;

-- save_prealert: creates prealert p_id for the caller, or changes it while it is still announced
-- (version + 1). Text is trimmed and the tracking number normalised here, whatever the client did;
-- every limit is checked with a message that names it (22023). Returns the prealert (prealert_json).
create or replace function public.save_prealert(
  p_op_id uuid,
  p_id uuid,
  p_tracking_code text,
  p_store text,
  p_description text,
  p_declared_value_usd numeric,
  p_expected_on date
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_tracking_code text := public.normalise_tracking_code(p_tracking_code);
  v_store text := public.trim_whitespace(p_store);
  v_description text := public.trim_whitespace(p_description);
  v_prealert public.prealerts;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to announce a package' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_id is null then
    raise exception 'p_op_id and p_id are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if coalesce(char_length(v_tracking_code), 0) not between 6 and 40 then
    raise exception 'tracking_code must be 6 to 40 characters' using errcode = '22023', hint = 'prealert_tracking_length',
      detail = jsonb_build_object('min', 6, 'max', 40)::text;
  end if;
  if v_tracking_code !~ '^[A-Z0-9-]+$' then
    raise exception 'tracking_code may contain only letters A-Z, digits 0-9 and -' using errcode = '22023', hint = 'prealert_tracking_chars';
  end if;
  if coalesce(char_length(v_store), 0) not between 1 and 80 then
    raise exception 'store must be 1 to 80 characters' using errcode = '22023', hint = 'prealert_store_length',
      detail = jsonb_build_object('max', 80)::text;
  end if;
  if coalesce(char_length(v_description), 0) not between 1 and 200 then
    raise exception 'description must be 1 to 200 characters' using errcode = '22023', hint = 'prealert_description_length',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  if p_declared_value_usd is null
    or p_declared_value_usd not between 0 and 50000
    or p_declared_value_usd <> round(p_declared_value_usd, 2) then
    raise exception 'declared_value_usd must be 0 to 50000 USD, with at most 2 decimals' using errcode = '22023', hint = 'prealert_value_range',
      detail = jsonb_build_object('max_usd', 50000)::text;
  end if;
  if not isfinite(p_expected_on) then
    raise exception 'expected_on must be a calendar date' using errcode = '22023', hint = 'prealert_date_invalid';
  end if;

  if public.record_prealert_op(p_op_id, p_id, 'save', jsonb_build_object(
      'tracking_code', v_tracking_code, 'store', v_store, 'description', v_description,
      'declared_value_usd', p_declared_value_usd, 'expected_on', p_expected_on)) is not null then
    select * into v_prealert from public.prealerts where id = p_id;
    if not found then
      raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
    end if;
    return public.prealert_json(v_prealert);
  end if;

  select * into v_prealert from public.prealerts where id = p_id for update;
  if not found then
    begin
      insert into public.prealerts (id, user_id, tracking_code, store, description, declared_value_usd, expected_on)
      values (p_id, v_uid, v_tracking_code, v_store, v_description, p_declared_value_usd, p_expected_on)
      on conflict (id) do nothing
      returning * into v_prealert;
    exception when unique_violation then
      raise exception 'A package with this tracking number is already announced' using errcode = 'PT409', hint = 'prealert_tracking_taken';
    end;
    if v_prealert.id is not null then
      return public.prealert_json(v_prealert);
    end if;
    -- Created by a concurrent call since we looked: change it as below.
    select * into v_prealert from public.prealerts where id = p_id for update;
  end if;

  if v_prealert.user_id is distinct from v_uid then
    raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
  end if;
  if v_prealert.state <> 'announced' then
    raise exception 'This prealert can no longer be changed' using errcode = 'PT409', hint = 'prealert_closed';
  end if;

  begin
    update public.prealerts
    set tracking_code = v_tracking_code, store = v_store, description = v_description,
      declared_value_usd = p_declared_value_usd, expected_on = p_expected_on
    where id = p_id
    returning * into v_prealert;
  exception when unique_violation then
    raise exception 'A package with this tracking number is already announced' using errcode = 'PT409', hint = 'prealert_tracking_taken';
  end;
  return public.prealert_json(v_prealert);
end
$$;

-- cancel_prealert: an announced prealert of the caller's becomes cancelled (version + 1); one already
-- cancelled is returned as it is; one received cannot be cancelled (PT409).
create or replace function public.cancel_prealert(p_op_id uuid, p_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_prealert public.prealerts;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to cancel a prealert' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_id is null then
    raise exception 'p_op_id and p_id are required' using errcode = '22004', hint = 'bad_request';
  end if;

  if public.record_prealert_op(p_op_id, p_id, 'cancel', '{}'::jsonb) is not null then
    select * into v_prealert from public.prealerts where id = p_id;
    if not found then
      raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
    end if;
    return public.prealert_json(v_prealert);
  end if;

  select * into v_prealert from public.prealerts where id = p_id for update;
  if not found or v_prealert.user_id is distinct from v_uid then
    raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
  end if;
  if v_prealert.state = 'received' then
    raise exception 'This prealert can no longer be changed' using errcode = 'PT409', hint = 'prealert_closed';
  end if;
  if v_prealert.state = 'announced' then
    update public.prealerts set state = 'cancelled' where id = p_id returning * into v_prealert;
  end if;
  return public.prealert_json(v_prealert);
end
$$;

revoke execute on function public.prealerts_stamp() from public, anon, authenticated;
revoke execute on function public.prealert_json(public.prealerts) from public, anon, authenticated;
revoke execute on function public.record_prealert_op(uuid, uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.save_prealert(uuid, uuid, text, text, text, numeric, date) from public, anon;
grant execute on function public.save_prealert(uuid, uuid, text, text, text, numeric, date) to authenticated;
revoke execute on function public.cancel_prealert(uuid, uuid) from public, anon;
grant execute on function public.cancel_prealert(uuid, uuid) to authenticated;

-- Read only for the API: the RPCs above write, as the owner.
revoke all on public.prealerts from anon, authenticated;
grant select on public.prealerts to authenticated;
revoke all on public.prealert_ops from anon, authenticated;

alter table public.prealerts enable row level security;
alter table public.prealert_ops enable row level security;

create policy "prealerts: users read their own" on public.prealerts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "prealerts: staff read all" on public.prealerts
  for select to authenticated using ((select public.is_staff()));

create policy "prealert_ops: not for the API" on public.prealert_ops
  as restrictive for all to anon, authenticated using (false) with check (false);
