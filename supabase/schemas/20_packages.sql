-- Packages and their status history.
--
-- version, change_xid, created_at and updated_at belong to the server: packages_stamp overwrites
-- whatever a client sends. change_xid (the writing transaction's id) is the sync cursor of the pulls
-- (80_pulls.sql).
--
-- Deletes are soft: an admin (not a clerk: packages_guard_deletion) "deletes" by setting deleted_at, so the tombstone reaches offline copies
-- through the pulls. Hard DELETE is not granted to anon/authenticated at all (permission denied,
-- 42501); only service_role and the database owner can remove rows.
--
-- The warehouse registers packages with register_package (35_package_registration.sql) and changes
-- their status with apply_package_status(es) below, which keep the history and the op ids.

create table public.packages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  locker_code text not null check (char_length(locker_code) <= 20),
  tracking_code text check (char_length(tracking_code) <= 100),
  status text not null default 'recibido'
    check (status in ('recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado')),
  weight_kg numeric constraint packages_weight_kg_range check (weight_kg between 0 and 32),
  volume_m3 numeric constraint packages_volume_m3_non_negative check (volume_m3 >= 0),
  -- What the warehouse noted, the declared fields of the prealert it matched (register_package) and
  -- the check-in photos' paths (photos: add_package_photo).
  meta jsonb constraint packages_meta_is_object check (jsonb_typeof(meta) = 'object'),
  public_token uuid not null unique default gen_random_uuid(),
  version bigint not null default 1,
  change_xid xid8 not null default pg_current_xact_id(),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The shipment a package travels in (its foreign key in 50_shipments.sql). Set by request_shipment;
  -- cancelling frees the package (null); a delivered shipment keeps its packages.
  shipment_id uuid
);

create index packages_user_id_idx on public.packages (user_id);
create index packages_shipment_id_idx on public.packages (shipment_id) where shipment_id is not null;
-- The pulls (80_pulls.sql): everything after a checkpoint; a customer's own; an admin's open ones;
-- the floor of what changed lately.
create index packages_change_xid_id_idx on public.packages (change_xid, id);
create index packages_owner_change_idx on public.packages (user_id, change_xid, id);
create index packages_open_change_idx on public.packages (change_xid, id)
  where status <> 'entregado' and deleted_at is null;
create index packages_updated_at_idx on public.packages (updated_at) include (change_xid);
-- The history search (search_history): tracking numbers matched anywhere, a customer's packages.
create index packages_tracking_code_trgm_idx on public.packages using gin (tracking_code extensions.gin_trgm_ops);
create index packages_owner_updated_idx on public.packages (user_id, updated_at desc, id);
-- The admin report (90_reports.sql): packages registered in a range of time; the deleted ones, few, to
-- leave out of the flow; what is at the warehouse or on its way, without visiting the table.
create index packages_created_at_idx on public.packages (created_at)
  include (id)
  where deleted_at is null;
create index packages_deleted_idx on public.packages (id)
  where deleted_at is not null;
create index packages_waiting_idx on public.packages (status)
  include (id, user_id, created_at)
  where status <> 'entregado' and deleted_at is null;

create table public.package_events (
  id bigint generated always as identity primary key,
  package_id uuid not null references public.packages (id) on delete cascade,
  status text not null
    check (status in ('recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado')),
  op_id uuid not null unique,
  actor uuid,
  changed_at timestamptz not null default now(),
  -- clock_timestamp(), not now(): two transactions serialized on the package row must record in the
  -- order they applied, not the order they started.
  recorded_at timestamptz not null default clock_timestamp(),
  outcome text not null check (outcome in ('applied', 'superseded')),
  -- register_package keeps the arguments it was called with on the initial status event, so a replay
  -- of its op can be told from another registration sent under the same op. Null on every other
  -- event, and on registrations recorded before 20261123150000_admin_integrity.
  registration jsonb,
  -- True on the first applied event of each status of a package, in the order events are recorded
  -- (the order the app reads them in; the package's row lock serializes them, as every status change
  -- takes it first). False on the later ones and on superseded events. Set on insert by
  -- package_events_mark_first, before anyone can read the row; events are never updated nor deleted
  -- but with their package, so it stays right. The admin report and the storage reminders read a
  -- package's arrival (its first 'recibido') from it.
  first_of_status boolean not null default true
);

create index package_events_package_id_idx on public.package_events (package_id, recorded_at);
-- The admin report's flow: when packages arrived, left and were delivered, by time.
create index package_events_firsts_idx on public.package_events (status, changed_at)
  include (package_id)
  where first_of_status and status in ('recibido', 'transito', 'entregado');
-- A package's arrival: its first 'recibido'.
create index package_events_first_received_idx on public.package_events (package_id)
  include (changed_at)
  where first_of_status and status = 'recibido';

-- For every role, so no write escapes the pulls' cursor. A package inserted without a locker code
-- gets its owner's.
create or replace function public.packages_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := now();
    if new.locker_code is null then
      select l.code into new.locker_code from public.lockers l where l.user_id = new.user_id;
    end if;
  else
    new.version := old.version + 1;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

create trigger packages_stamp
  before insert or update on public.packages
  for each row execute function public.packages_stamp();

-- Deleting a package (setting deleted_at, or bringing one back) is the manager's: a clerk registers
-- and edits packages but never deletes one. Invoker rights, so current_user is the API role
-- (service_role and the owner's functions are not guarded).
create or replace function public.packages_guard_deletion()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin()
    and (case when tg_op = 'INSERT' then new.deleted_at is not null else new.deleted_at is distinct from old.deleted_at end) then
    raise exception 'permission denied: only admins delete a package' using errcode = '42501', hint = 'admins_only';
  end if;
  return new;
end
$$;

create trigger packages_guard_deletion
  before insert or update of deleted_at on public.packages
  for each row execute function public.packages_guard_deletion();

-- Every status a package takes gets a history row: the initial one on insert, and direct status
-- updates. A function that records its own event (apply_package_status, a shipment's steps) sets
-- app.status_event_op around its update so this trigger stays quiet; register_package sets it around
-- its insert so the initial event carries the registration's op id (a replay finds it there).
create or replace function public.packages_record_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_op uuid := nullif(current_setting('app.status_event_op', true), '')::uuid;
begin
  if tg_op = 'UPDATE' and (new.status is not distinct from old.status or v_op is not null) then
    return null;
  end if;
  insert into public.package_events (package_id, status, op_id, actor, changed_at, outcome)
  values (
    new.id,
    new.status,
    case when tg_op = 'INSERT' and v_op is not null then v_op else gen_random_uuid() end,
    auth.uid(),
    now(),
    'applied'
  );
  return null;
end
$$;

create trigger packages_record_status
  after insert or update of status on public.packages
  for each row execute function public.packages_record_status();

create or replace function public.package_events_mark_first()
returns trigger
language plpgsql
-- Definer: whoever inserts, every earlier event of the package must be seen (no RLS in the way).
security definer
set search_path = ''
as $$
begin
  new.first_of_status := new.outcome = 'applied' and not exists (
    select 1 from public.package_events e
    where e.package_id = new.package_id and e.status = new.status and e.outcome = 'applied'
  );
  return new;
end
$$;

create trigger package_events_mark_first
  before insert on public.package_events
  for each row execute function public.package_events_mark_first();

-- One JSON shape for a package wherever an RPC returns one: the pulls' row (the columns but
-- change_xid and shipment_id, plus the applied status history; which packages a shipment holds
-- travels with the shipment). Used by the SECURITY DEFINER RPCs, which run as the owner, so nothing
-- else needs to execute it. packages_json (80_pulls.sql) builds the same shape inline for a list of
-- ids: a call of this function per row (SQL or plpgsql; a body with a subquery is never inlined) made
-- a 10,000-package admin pull about three times slower on PGlite. Change the two together.
create or replace function public.package_json(p_package public.packages)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select (to_jsonb(p_package) - 'change_xid' - 'shipment_id') || jsonb_build_object('events', coalesce(
    (select jsonb_agg(
        jsonb_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
        order by e.recorded_at, e.id)
     from public.package_events e
     where e.package_id = p_package.id and e.outcome = 'applied'),
    '[]'::jsonb))
$$;

-- Public tracking by token: only the fields SPEC §7 shows, never a soft-deleted package. SECURITY
-- DEFINER because anon cannot read packages at all.
create or replace function public.get_package_by_token(p_token uuid)
returns table (
  status text,
  locker_code text,
  tracking_code text,
  weight_kg numeric,
  volume_m3 numeric,
  updated_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.status, p.locker_code, p.tracking_code, p.weight_kg, p.volume_m3, p.updated_at
  from public.packages p
  where p.public_token = p_token and p.deleted_at is null
$$;

-- An admin's status change, replayed from an offline outbox any number of times. Returns
-- {"outcome": "applied"|"superseded", "package": <package_json>}: superseded (recorded, nothing
-- changed) when the package is no longer at p_base_version. The package row lock serializes changes
-- to one package; the replay check runs after it, so a racing replay of the same op waits and then
-- sees the first one's event (op_id's unique constraint backs this up). An op_id already recorded for
-- another package, another status or a registration is PT409, never taken for that op's replay; an
-- unknown package is PT404 (the API answers 404, not 500). A changed_at more than 5 minutes ahead of
-- the server's clock is refused (22023, HTTP 400), since history is ordered and shown by it; old ones
-- stay welcome (an outbox replays changes hours later).
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
  if not public.is_staff() then
    raise exception 'permission denied: only staff can change a package status' using errcode = '42501', hint = 'staff_only';
  end if;
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  if p_changed_at > now() + interval '5 minutes' then
    raise exception 'changed_at % is more than 5 minutes ahead of the server''s clock (%): check the device''s date and time',
      p_changed_at, now() using errcode = '22023', hint = 'clock_ahead',
      detail = jsonb_build_object('changed_at', p_changed_at, 'server_time', now())::text;
  end if;

  select * into v_package from public.packages where id = p_package_id for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'PT404', hint = 'package_not_found',
      detail = jsonb_build_object('package', p_package_id)::text;
  end if;

  select e.package_id, e.status, e.outcome, e.registration
  into v_recorded_for, v_recorded_status, v_outcome, v_registration
  from public.package_events e where e.op_id = p_op_id;
  if found then
    if v_recorded_for is distinct from p_package_id
      or v_recorded_status is distinct from p_status
      or v_registration is not null then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
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

-- Status changes sent in batches. An outbox replaying a thousand changes after a dropped connection
-- should not need a thousand round trips (on warehouse Wi-Fi each one costs a latency); this applies
-- up to 100 changes in one call, each exactly as apply_package_status would (keyed by its own op_id,
-- so a replayed batch records nothing twice). One change's failure does not fail the batch: each runs
-- in its own subtransaction and its refusal (SQLSTATE, message, key and values) is returned in its
-- place, for the client to keep and show.
create or replace function public.apply_package_statuses(p_changes jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change jsonb;
  v_results jsonb := '[]'::jsonb;
  v_code text;
  v_message text;
  v_hint text;
  v_detail text;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff can change a package status' using errcode = '42501', hint = 'staff_only';
  end if;
  if jsonb_typeof(p_changes) is distinct from 'array' then
    raise exception 'p_changes must be a JSON array of changes' using errcode = '22023', hint = 'bad_request';
  end if;
  if jsonb_array_length(p_changes) > 100 then
    raise exception 'at most 100 changes per call, not %', jsonb_array_length(p_changes) using errcode = '22023', hint = 'bad_request';
  end if;

  for v_change in select value from jsonb_array_elements(p_changes) loop
    begin
      v_results := v_results || jsonb_build_array(
        jsonb_build_object('op_id', v_change ->> 'op_id') || public.apply_package_status(
          (v_change ->> 'op_id')::uuid,
          (v_change ->> 'package_id')::uuid,
          v_change ->> 'status',
          (v_change ->> 'changed_at')::timestamptz,
          (v_change ->> 'base_version')::bigint
        )
      );
    exception when others then
      -- Each change's refusal as PostgREST would answer it alone: its key and values too.
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text,
        v_hint = pg_exception_hint, v_detail = pg_exception_detail;
      v_results := v_results || jsonb_build_array(jsonb_build_object(
        'op_id', v_change ->> 'op_id',
        'error', jsonb_build_object('code', v_code, 'message', v_message,
          'hint', nullif(v_hint, ''), 'details', nullif(v_detail, ''))
      ));
    end;
  end loop;
  return v_results;
end
$$;

revoke execute on function public.packages_stamp() from public, anon, authenticated;
revoke execute on function public.packages_guard_deletion() from public, anon, authenticated;
revoke execute on function public.packages_record_status() from public, anon, authenticated;
revoke execute on function public.package_events_mark_first() from public, anon, authenticated;
revoke execute on function public.package_json(public.packages) from public, anon, authenticated;
revoke execute on function public.get_package_by_token(uuid) from public;
grant execute on function public.get_package_by_token(uuid) to anon, authenticated, service_role;
revoke execute on function public.apply_package_status(uuid, uuid, text, timestamptz, bigint) from public, anon;
grant execute on function public.apply_package_status(uuid, uuid, text, timestamptz, bigint) to authenticated, service_role;
revoke execute on function public.apply_package_statuses(jsonb) from public, anon;
grant execute on function public.apply_package_statuses(jsonb) to authenticated, service_role;

-- Staff insert packages (RLS "packages: staff insert") in any column but shipment_id (a package is
-- not created inside a shipment), and edit a package's tracking code, weight, volume and meta; an
-- admin also deletes it softly (deleted_at, packages_guard_deletion). The owner, locker code, token and id are not theirs to change;
-- version, change_xid and the timestamps belong to packages_stamp; the status changes only through
-- apply_package_status(es), and shipment_id only through the shipment RPCs. SECURITY DEFINER
-- functions run as the owner and are not affected. The history is read-only.
revoke insert, update, delete on public.packages from anon, authenticated;
grant insert (id, user_id, locker_code, tracking_code, status, weight_kg, volume_m3, meta, public_token,
    version, change_xid, deleted_at, created_at, updated_at),
  update (tracking_code, weight_kg, volume_m3, meta, deleted_at)
  on public.packages to authenticated;
revoke insert, update, delete on public.package_events from anon, authenticated;

alter table public.packages enable row level security;
alter table public.package_events enable row level security;

create policy "packages: users read their own" on public.packages
  for select to authenticated using (user_id = (select auth.uid()));
create policy "packages: staff read all" on public.packages
  for select to authenticated using ((select public.is_staff()));
create policy "packages: staff insert" on public.packages
  for insert to authenticated with check ((select public.is_staff()));
create policy "packages: staff update" on public.packages
  for update to authenticated
  using ((select public.is_staff()))
  with check ((select public.is_staff()));

create policy "package_events: users read their packages' events" on public.package_events
  for select to authenticated using (
    exists (
      select 1 from public.packages p
      where p.id = package_id and p.user_id = (select auth.uid())
    )
  );
create policy "package_events: staff read all" on public.package_events
  for select to authenticated using ((select public.is_staff()));
