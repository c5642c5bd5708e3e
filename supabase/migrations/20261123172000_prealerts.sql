-- Prealerts: a customer announces a purchase on its way to the warehouse (carrier tracking
-- number, store, description, declared value, expected date); when the warehouse registers a
-- package for that customer with that tracking number, the prealert is marked received and
-- the package's meta carries what the customer declared.
--
-- Customers write only through save_prealert and cancel_prealert, which an offline outbox
-- replays any number of times: each op_id is recorded once (prealert_ops) and a replay with
-- the same arguments changes nothing. Offline copies follow the table with pull_prealerts,
-- on the change_xid cursor packages use. register_package is replaced to do the matching.

-- 1. The tracking number as prealerts keep it: no whitespace anywhere (JavaScript's \s, so
-- the app's normaliseTrackingCode and this agree), uppercase. Shared by save_prealert and the
-- matching in register_package. Neither helper is for the API.
create function public.normalise_tracking_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(p_code, '[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', '', 'g'))
$$;

-- Text as the app's String.prototype.trim() leaves it: the same whitespace off both ends.
create function public.trim_whitespace(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(p_text,
    '^[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;

revoke execute on function public.normalise_tracking_code(text) from public, anon, authenticated;
revoke execute on function public.trim_whitespace(text) from public, anon, authenticated;

-- 2. The table. version, change_xid, created_at and updated_at belong to the server, as on
-- packages (prealerts_stamp overwrites whatever is sent).
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
  updated_at timestamptz not null default now()
);

-- One open prealert per customer and tracking number; also what the matching looks up.
create unique index prealerts_open_tracking_code_idx on public.prealerts (user_id, tracking_code)
  where state = 'announced';
create index prealerts_change_xid_id_idx on public.prealerts (change_xid, id);
create index prealerts_user_id_idx on public.prealerts (user_id);
create index prealerts_package_id_idx on public.prealerts (package_id) where package_id is not null;

-- As packages_stamp: for every role, so no write escapes the pull's cursor.
create function public.prealerts_stamp()
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

revoke execute on function public.prealerts_stamp() from public, anon, authenticated;

-- Read only for the API: the RPCs below write, as the owner.
revoke all on public.prealerts from anon, authenticated;
grant select on public.prealerts to authenticated;

alter table public.prealerts enable row level security;

create policy "prealerts: users read their own" on public.prealerts
  for select to authenticated using (user_id = (select auth.uid()));
create policy "prealerts: admins read all" on public.prealerts
  for select to authenticated using ((select public.is_admin()));

-- 3. The ops already applied: one row per op_id, with what it was called with (normalised),
-- so a replay is told from a second change sent under the same op_id. Recorded in the
-- transaction of the change it names, so a refused change records nothing. The ops go with
-- their customer. No API role reads or writes it; the policy says so to whoever adds a grant.
create table public.prealert_ops (
  op_id uuid primary key,
  prealert_id uuid not null,
  actor uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('save', 'cancel')),
  args jsonb not null,
  recorded_at timestamptz not null default now()
);

create index prealert_ops_actor_idx on public.prealert_ops (actor);

revoke all on public.prealert_ops from anon, authenticated;

alter table public.prealert_ops enable row level security;

create policy "prealert_ops: not for the API" on public.prealert_ops
  as restrictive for all to anon, authenticated using (false) with check (false);

-- 4. The prealert as the RPCs return it: every column but change_xid, as pull_prealerts.
create function public.prealert_json(p_prealert public.prealerts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p_prealert) - 'change_xid'
$$;

revoke execute on function public.prealert_json(public.prealerts) from public, anon, authenticated;

-- Records op p_op_id for the caller, or finds it already recorded. Returns null when this
-- call records it (go ahead), the prealert's id when it is a replay of the same change, and
-- raises PT409 when the op was recorded for another change (or by someone else). A replay
-- racing the first call waits on its uncommitted op_id, then sees it (a new snapshot per
-- statement in READ COMMITTED).
create function public.record_prealert_op(p_op_id uuid, p_prealert_id uuid, p_kind text, p_args jsonb)
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
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
  end if;
  return v_op.prealert_id;
end
$$;

revoke execute on function public.record_prealert_op(uuid, uuid, text, jsonb) from public, anon, authenticated;

-- 5. save_prealert: creates prealert p_id for the caller, or changes it while it is still
-- announced (version + 1). Text is trimmed and the tracking number normalised here, whatever
-- the client did; every limit is checked with a message that names it (22023). Returns the
-- prealert (prealert_json).
create function public.save_prealert(
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
    raise exception 'permission denied: sign in to announce a package' using errcode = '42501';
  end if;
  if p_op_id is null or p_id is null then
    raise exception 'p_op_id and p_id are required' using errcode = '22004';
  end if;
  if coalesce(char_length(v_tracking_code), 0) not between 6 and 40 then
    raise exception 'tracking_code must be 6 to 40 characters' using errcode = '22023';
  end if;
  if v_tracking_code !~ '^[A-Z0-9-]+$' then
    raise exception 'tracking_code may contain only letters A-Z, digits 0-9 and -' using errcode = '22023';
  end if;
  if coalesce(char_length(v_store), 0) not between 1 and 80 then
    raise exception 'store must be 1 to 80 characters' using errcode = '22023';
  end if;
  if coalesce(char_length(v_description), 0) not between 1 and 200 then
    raise exception 'description must be 1 to 200 characters' using errcode = '22023';
  end if;
  if p_declared_value_usd is null
    or p_declared_value_usd not between 0 and 50000
    or p_declared_value_usd <> round(p_declared_value_usd, 2) then
    raise exception 'declared_value_usd must be 0 to 50000 USD, with at most 2 decimals' using errcode = '22023';
  end if;
  if not isfinite(p_expected_on) then
    raise exception 'expected_on must be a calendar date' using errcode = '22023';
  end if;

  if public.record_prealert_op(p_op_id, p_id, 'save', jsonb_build_object(
      'tracking_code', v_tracking_code, 'store', v_store, 'description', v_description,
      'declared_value_usd', p_declared_value_usd, 'expected_on', p_expected_on)) is not null then
    select * into v_prealert from public.prealerts where id = p_id;
    if not found then
      raise exception 'Prealert not found' using errcode = 'PT404';
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
      raise exception 'A package with this tracking number is already announced' using errcode = 'PT409';
    end;
    if v_prealert.id is not null then
      return public.prealert_json(v_prealert);
    end if;
    -- Created by a concurrent call since we looked: change it as below.
    select * into v_prealert from public.prealerts where id = p_id for update;
  end if;

  if v_prealert.user_id is distinct from v_uid then
    raise exception 'Prealert not found' using errcode = 'PT404';
  end if;
  if v_prealert.state <> 'announced' then
    raise exception 'This prealert can no longer be changed' using errcode = 'PT409';
  end if;

  begin
    update public.prealerts
    set tracking_code = v_tracking_code, store = v_store, description = v_description,
      declared_value_usd = p_declared_value_usd, expected_on = p_expected_on
    where id = p_id
    returning * into v_prealert;
  exception when unique_violation then
    raise exception 'A package with this tracking number is already announced' using errcode = 'PT409';
  end;
  return public.prealert_json(v_prealert);
end
$$;

-- 6. cancel_prealert: an announced prealert of the caller's becomes cancelled (version + 1);
-- one already cancelled is returned as it is; one received cannot be cancelled (PT409).
create function public.cancel_prealert(p_op_id uuid, p_id uuid)
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
    raise exception 'permission denied: sign in to cancel a prealert' using errcode = '42501';
  end if;
  if p_op_id is null or p_id is null then
    raise exception 'p_op_id and p_id are required' using errcode = '22004';
  end if;

  if public.record_prealert_op(p_op_id, p_id, 'cancel', '{}'::jsonb) is not null then
    select * into v_prealert from public.prealerts where id = p_id;
    if not found then
      raise exception 'Prealert not found' using errcode = 'PT404';
    end if;
    return public.prealert_json(v_prealert);
  end if;

  select * into v_prealert from public.prealerts where id = p_id for update;
  if not found or v_prealert.user_id is distinct from v_uid then
    raise exception 'Prealert not found' using errcode = 'PT404';
  end if;
  if v_prealert.state = 'received' then
    raise exception 'This prealert can no longer be changed' using errcode = 'PT409';
  end if;
  if v_prealert.state = 'announced' then
    update public.prealerts set state = 'cancelled' where id = p_id returning * into v_prealert;
  end if;
  return public.prealert_json(v_prealert);
end
$$;

revoke execute on function public.save_prealert(uuid, uuid, text, text, text, numeric, date) from public, anon;
grant execute on function public.save_prealert(uuid, uuid, text, text, text, numeric, date) to authenticated;
revoke execute on function public.cancel_prealert(uuid, uuid) from public, anon;
grant execute on function public.cancel_prealert(uuid, uuid) to authenticated;

-- 7. The pull: pull_packages (20261123140000_lighter_pulls) over prealerts, same cursor,
-- bounds and horizon (a transaction still running holds the cursor back until it commits).
-- SECURITY INVOKER: RLS gives a customer their own prealerts and an admin every one.
create function public.pull_prealerts(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select
      case when coalesce(p_since, '') <> '' then split_part(p_since, ':', 1)::xid8 end as since_xid,
      case when coalesce(p_since, '') <> '' then split_part(p_since, ':', 2)::uuid end as since_id,
      pg_snapshot_xmin(pg_current_snapshot()) as horizon,
      least(greatest(coalesce(p_limit, 500), 1), 1000) as page_size
  ),
  candidates as (
    select p.*, row_number() over (order by p.change_xid, p.id) as n
    from public.prealerts p, bounds b
    where (b.since_xid is null or (p.change_xid, p.id) > (b.since_xid, b.since_id))
      and p.change_xid < b.horizon
    order by p.change_xid, p.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'prealerts', coalesce(
      (select json_agg(json_build_object(
          'id', pg.id, 'user_id', pg.user_id, 'tracking_code', pg.tracking_code, 'store', pg.store,
          'description', pg.description, 'declared_value_usd', pg.declared_value_usd, 'expected_on', pg.expected_on,
          'state', pg.state, 'package_id', pg.package_id, 'version', pg.version,
          'created_at', pg.created_at, 'updated_at', pg.updated_at)
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select pg.change_xid::text || ':' || pg.id::text from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

revoke execute on function public.pull_prealerts(text, integer) from public, anon;
grant execute on function public.pull_prealerts(text, integer) to authenticated;

-- 8. register_package as in 20261123150000_admin_integrity, plus the matching: when the
-- registration is applied (not on a replay), an announced prealert of the package's owner
-- with the package's tracking number (normalised as prealerts keep it) becomes received with
-- the package's id, and the package is created with the prealert's prealert_id, store,
-- description and declared_value_usd in its meta (the registration's own meta keys win). The
-- merged meta goes into the insert itself, so the package still starts at version 1 (an
-- outbox's next status change is based on it). The registration recorded for replays keeps
-- the meta as sent. The prealert row is locked before the insert: two registrations of that
-- tracking number racing each other match it once.
create or replace function public.register_package(
  p_op_id uuid,
  p_package_id uuid,
  p_user_id uuid,
  p_public_token uuid,
  p_status text,
  p_tracking_code text default null,
  p_weight_kg numeric default null,
  p_volume_m3 numeric default null,
  p_meta jsonb default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_request jsonb;
  v_replay boolean;
  v_locker_code text;
  v_prealert public.prealerts;
  v_meta jsonb := p_meta;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can register a package' using errcode = '42501';
  end if;
  if p_op_id is null or p_package_id is null or p_user_id is null or p_public_token is null then
    raise exception 'p_op_id, p_package_id, p_user_id and p_public_token are required' using errcode = '22004';
  end if;

  v_request := jsonb_build_object(
    'user_id', p_user_id, 'public_token', p_public_token, 'status', p_status,
    'tracking_code', nullif(btrim(p_tracking_code), ''),
    'weight_kg', p_weight_kg, 'volume_m3', p_volume_m3, 'meta', p_meta
  );

  v_replay := public.is_registration_replay(p_op_id, p_package_id, v_request);
  if not v_replay then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
  elsif v_replay then
    select * into v_package from public.packages where id = p_package_id;
    return jsonb_build_object('outcome', 'replayed', 'package', public.package_json(v_package));
  end if;

  select l.code into v_locker_code from public.lockers l where l.user_id = p_user_id;
  if not found then
    raise exception 'customer % not found', p_user_id using errcode = 'PT404';
  end if;

  if nullif(btrim(p_tracking_code), '') is not null and (p_meta is null or jsonb_typeof(p_meta) = 'object') then
    select * into v_prealert from public.prealerts pa
    where pa.user_id = p_user_id
      and pa.tracking_code = public.normalise_tracking_code(p_tracking_code)
      and pa.state = 'announced'
    for update;
    if v_prealert.id is not null then
      v_meta := jsonb_build_object(
        'prealert_id', v_prealert.id, 'store', v_prealert.store, 'description', v_prealert.description,
        'declared_value_usd', v_prealert.declared_value_usd
      ) || coalesce(p_meta, '{}'::jsonb);
    end if;
  end if;

  perform set_config('app.status_event_op', p_op_id::text, true);
  insert into public.packages (id, user_id, locker_code, tracking_code, status, weight_kg, volume_m3, meta, public_token)
  values (
    p_package_id, p_user_id, v_locker_code, nullif(btrim(p_tracking_code), ''),
    p_status, p_weight_kg, p_volume_m3, v_meta, p_public_token
  )
  on conflict (id) do nothing
  returning * into v_package;
  perform set_config('app.status_event_op', '', true);

  if v_package.id is not null then
    update public.package_events set registration = v_request where op_id = p_op_id;
    if v_prealert.id is not null then
      update public.prealerts set state = 'received', package_id = v_package.id where id = v_prealert.id;
    end if;
    return jsonb_build_object('outcome', 'applied', 'package', public.package_json(v_package));
  end if;

  -- Nothing inserted: a concurrent replay of this op committed first, or the
  -- id belongs to another package.
  v_replay := public.is_registration_replay(p_op_id, p_package_id, v_request);
  if v_replay is null then
    raise exception 'package % already exists', p_package_id using errcode = 'PT409';
  elsif not v_replay then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
  end if;
  select * into v_package from public.packages where id = p_package_id;
  return jsonb_build_object('outcome', 'replayed', 'package', public.package_json(v_package));
end
$$;
