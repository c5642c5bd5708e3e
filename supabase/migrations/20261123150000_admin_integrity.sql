-- Admin integrity: an op_id names one change (a replay with other arguments is
-- refused, PT409), a status change cannot claim a time in the future, admins
-- update only the columns of a package that are theirs to edit, and the API
-- roles lose what Supabase's default `grant all` gave them beyond what RLS
-- governs. Earlier functions are changed with create or replace.

-- 1. register_package keeps the arguments it was called with on the initial
-- status event, so a replay of its op can be told from another registration
-- sent under the same op. Null on every other event, and on registrations
-- recorded before this migration.

alter table public.package_events add column registration jsonb;

-- Whether the event of op p_op_id is the registration of p_package_id with
-- this request (register_package's normalised arguments); null when no event
-- has this op. A registration recorded before this migration is compared on
-- what cannot have changed since: its status event being the package's first,
-- the owner and the public token.
create function public.is_registration_replay(p_op_id uuid, p_package_id uuid, p_request jsonb)
returns boolean
language sql
stable
set search_path = ''
as $$
  select e.package_id = p_package_id and case
    when e.registration is not null then e.registration = p_request
    else e.status = p_request ->> 'status'
      and p.user_id = (p_request ->> 'user_id')::uuid
      and p.public_token = (p_request ->> 'public_token')::uuid
      and not exists (select 1 from public.package_events f where f.package_id = e.package_id and f.id < e.id)
  end
  from public.package_events e
  join public.packages p on p.id = e.package_id
  where e.op_id = p_op_id
$$;

revoke execute on function public.is_registration_replay(uuid, uuid, jsonb) from public, anon, authenticated;

-- As before, except that a replay must carry the same arguments as the call
-- that recorded the op (owner, token, status, tracking code, weight, volume,
-- meta; the tracking code as stored, trimmed and blank as null). The outbox
-- sends a queued registration unchanged however often it retries, so a
-- difference means two changes under one op_id: PT409, never "replayed".
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

  perform set_config('app.status_event_op', p_op_id::text, true);
  insert into public.packages (id, user_id, locker_code, tracking_code, status, weight_kg, volume_m3, meta, public_token)
  values (
    p_package_id, p_user_id, v_locker_code, nullif(btrim(p_tracking_code), ''),
    p_status, p_weight_kg, p_volume_m3, p_meta, p_public_token
  )
  on conflict (id) do nothing
  returning * into v_package;
  perform set_config('app.status_event_op', '', true);

  if v_package.id is not null then
    update public.package_events set registration = v_request where op_id = p_op_id;
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

-- 2. apply_package_status (and so every change of apply_package_statuses) as
-- before, except: a changed_at more than 5 minutes ahead of the server's clock
-- is refused (22023, HTTP 400), since history is ordered and shown by it; old
-- ones stay welcome (an outbox replays changes hours later). And a
-- registration's op is not a status change's op even for the same package
-- and status (PT409).
create or replace function public.apply_package_status(
  p_op_id uuid,
  p_package_id uuid,
  p_status text,
  p_changed_at timestamptz,
  p_base_version bigint
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_outcome text;
  v_recorded_for uuid;
  v_recorded_status text;
  v_registration jsonb;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change a package status' using errcode = '42501';
  end if;
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004';
  end if;
  if p_changed_at > now() + interval '5 minutes' then
    raise exception 'changed_at % is more than 5 minutes ahead of the server''s clock (%): check the device''s date and time',
      p_changed_at, now() using errcode = '22023';
  end if;

  select * into v_package from public.packages where id = p_package_id for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'PT404';
  end if;

  select e.package_id, e.status, e.outcome, e.registration
  into v_recorded_for, v_recorded_status, v_outcome, v_registration
  from public.package_events e where e.op_id = p_op_id;
  if found then
    if v_recorded_for is distinct from p_package_id
      or v_recorded_status is distinct from p_status
      or v_registration is not null then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
    end if;
    return jsonb_build_object('outcome', v_outcome, 'package', public.package_json(v_package));
  end if;

  if v_package.version = p_base_version then
    perform set_config('app.status_event_op', p_op_id::text, true);
    update public.packages set status = p_status where id = p_package_id
      returning * into v_package;
    perform set_config('app.status_event_op', '', true);
    v_outcome := 'applied';
  else
    v_outcome := 'superseded';
  end if;

  insert into public.package_events (package_id, status, op_id, actor, changed_at, outcome)
  values (p_package_id, p_status, p_op_id, auth.uid(), coalesce(p_changed_at, now()), v_outcome);

  return jsonb_build_object('outcome', v_outcome, 'package', public.package_json(v_package));
end
$$;

-- 3. Admins edit a package's tracking code, weight, volume and meta, and
-- delete it softly (deleted_at); RLS ("packages: admins update") still limits
-- the rows to admins. The owner, locker code, token and id are not theirs to
-- change, version, change_xid and the timestamps belong to packages_stamp,
-- and the status changes only through apply_package_status(es), which keep
-- the history and the op ids. SECURITY DEFINER functions run as the owner and
-- are not affected. Profiles already have their column grants (first
-- migration); lockers, package_events and deleted_profiles are read-only.
revoke update on public.packages from authenticated;
grant update (tracking_code, weight_kg, volume_m3, meta, deleted_at) on public.packages to authenticated;

-- 4. What Supabase's default `grant all` gives the API roles beyond what RLS
-- governs: TRUNCATE (RLS does not apply to it), REFERENCES, TRIGGER, MAINTAIN
-- (PostgreSQL 17+: VACUUM, ANALYZE, REINDEX, LOCK TABLE), and the sequences
-- (setval would move package_events' ids). Nothing in the API inserts through
-- a sequence: identity columns take their values without a sequence privilege,
-- and locker codes are drawn by handle_new_user as the owner.
revoke references, trigger, truncate on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;

do $$
begin
  if current_setting('server_version_num')::int >= 170000 then
    execute 'revoke maintain on all tables in schema public from anon, authenticated';
  end if;
end
$$;

-- The same for tables and sequences created later by this role (postgres, who
-- runs the migrations; Supabase's own defaults for supabase_admin are not ours
-- to change). Tables keep the default select, insert, update and delete that
-- RLS governs. A later table filled through a serial column by the API needs
-- its own sequence grant: use an identity column instead.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public grant select, insert, update, delete on tables to anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
