-- The admin desk: profiles sync to offline copies the way packages do (a
-- change_xid cursor, tombstones for deleted profiles, pull_profiles), the
-- warehouse registers packages through an idempotent RPC, and every RPC that
-- returns a package returns it in pull_packages' shape.
--
-- The earlier migrations are applied on deployed databases and stay as they
-- are; functions they define are changed here with create or replace.

-- 1. Profiles get a sync cursor, like packages.change_xid. Existing rows get
-- this migration's transaction id, so a first pull delivers all of them. The
-- signup trigger creates the locker in the profile's transaction, so the
-- profile's change_xid also covers its locker code (lockers never change).

alter table public.profiles add column change_xid xid8 not null default pg_current_xact_id();

create index profiles_change_xid_id_idx on public.profiles (change_xid, id);

-- For every role, service_role and the owner included: a write the cursor
-- misses is a write offline copies never receive.
create function public.profiles_stamp_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

create trigger profiles_stamp_change
  before insert or update on public.profiles
  for each row execute function public.profiles_stamp_change();

-- 2. Profile tombstones. Profiles are hard-deleted (with their auth user), so
-- unlike packages there is no deleted_at row left to sync; this table keeps
-- one per deleted id, stamped with the deleting transaction's id.

create table public.deleted_profiles (
  id uuid primary key,
  change_xid xid8 not null default pg_current_xact_id(),
  deleted_at timestamptz not null default now()
);

create index deleted_profiles_change_xid_id_idx on public.deleted_profiles (change_xid, id);

-- SECURITY DEFINER: the delete usually arrives as a cascade from auth.users
-- (service_role, GoTrue's admin role) and nobody but the owner writes here.
-- An id deleted twice (re-created in between) moves its tombstone forward.
create function public.record_profile_deletion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.deleted_profiles (id, change_xid, deleted_at)
  values (old.id, pg_current_xact_id(), now())
  on conflict (id) do update
    set change_xid = excluded.change_xid, deleted_at = excluded.deleted_at;
  return null;
end
$$;

create trigger record_profile_deletion
  after delete on public.profiles
  for each row execute function public.record_profile_deletion();

revoke all on public.deleted_profiles from anon, authenticated;
grant select on public.deleted_profiles to authenticated;
revoke execute on function public.profiles_stamp_change() from public, anon, authenticated;
revoke execute on function public.record_profile_deletion() from public, anon, authenticated;

alter table public.deleted_profiles enable row level security;

-- Only admins keep a copy of other people's profiles, so only they need to
-- hear that one is gone.
create policy "deleted_profiles: admins read all" on public.deleted_profiles
  for select to authenticated using ((select public.is_admin()));

-- 3. The profile pull: pull_packages' cursor and horizon over the merged
-- stream of profiles and tombstones (see pull_packages for why the snapshot's
-- xmin is the horizon). SECURITY INVOKER, so RLS decides: a customer gets their
-- own profile, an admin every profile and every tombstone.
--
-- Candidates carry the row, not its JSON: the JSON is built only for the page,
-- not for everything after the checkpoint. A tombstone whose id has a live
-- profile again is left out: the profile is newer (it was re-created after
-- the delete) and the two could otherwise share one (change_xid, id) cursor
-- position, where a page boundary would skip one of them.
create function public.pull_profiles(p_since text, p_limit integer default 500)
returns jsonb
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
    select s.change_xid, s.id, s.live, s.profile, s.deleted_at,
      row_number() over (order by s.change_xid, s.id) as n
    from (
      select pr.change_xid, pr.id, true as live, pr as profile, null::timestamptz as deleted_at
      from public.profiles pr, bounds b
      where (b.since_xid is null or (pr.change_xid, pr.id) > (b.since_xid, b.since_id))
        and pr.change_xid < b.horizon
      union all
      select d.change_xid, d.id, false, null::public.profiles, d.deleted_at
      from public.deleted_profiles d, bounds b
      where (b.since_xid is null or (d.change_xid, d.id) > (b.since_xid, b.since_id))
        and d.change_xid < b.horizon
        and not exists (select 1 from public.profiles alive where alive.id = d.id)
    ) s
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select jsonb_build_object(
    'profiles', coalesce(
      (select jsonb_agg(
          case when pg.live then
            (to_jsonb(pg.profile) - 'change_xid') || jsonb_build_object(
              'locker_code', (select l.code from public.lockers l where l.user_id = pg.id),
              'deleted_at', null)
          else
            jsonb_build_object('id', pg.id, 'deleted_at', pg.deleted_at)
          end
          order by pg.n)
       from page pg),
      '[]'::jsonb),
    'checkpoint', coalesce(
      (select pg.change_xid::text || ':' || pg.id::text from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

revoke execute on function public.pull_profiles(text, integer) from public, anon;
grant execute on function public.pull_profiles(text, integer) to authenticated, service_role;

-- 4. One JSON shape for a package wherever an RPC returns one: pull_packages'
-- row (the columns without change_xid, plus the applied status history).
-- Used by the SECURITY DEFINER RPCs below, which run as the owner, so nothing
-- else needs to execute it. pull_packages keeps its own inline copy of this
-- expression: a function call per row (SQL or plpgsql; a body with a subquery
-- is never inlined) made a 10,000-package admin pull about three times
-- slower on PGlite. Change the two together.
create function public.package_json(p_package public.packages)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select (to_jsonb(p_package) - 'change_xid') || jsonb_build_object('events', coalesce(
    (select jsonb_agg(
        jsonb_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
        order by e.recorded_at, e.id)
     from public.package_events e
     where e.package_id = p_package.id and e.outcome = 'applied'),
    '[]'::jsonb))
$$;

revoke execute on function public.package_json(public.packages) from public, anon, authenticated;

-- 5. The initial status event may carry the caller's op_id: register_package
-- sets app.status_event_op around its insert so a replay of the registration
-- finds the event. Otherwise as before: a fresh op_id for inserts and direct
-- status updates, and silence for updates made by apply_package_status (which
-- records its own event).
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

-- The warehouse's package registration, replayed from an offline outbox any
-- number of times; it creates the package exactly once. The client chooses
-- id and public_token (the label is printed offline); the locker code is
-- always the customer's own. Returns {"outcome": "applied"|"replayed",
-- "package": <package_json>}.
--
-- The op_id lives on the initial status event, written by the insert's
-- trigger in the same transaction. Two replays racing each other: the second
-- waits on the first's uncommitted primary key, then inserts nothing, and its
-- re-check (a new snapshot in READ COMMITTED) finds the first one's event.
-- Status, weight, volume and meta are left to the table's CHECK constraints.
create function public.register_package(
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
  v_recorded_for uuid;
  v_locker_code text;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can register a package' using errcode = '42501';
  end if;
  if p_op_id is null or p_package_id is null or p_user_id is null or p_public_token is null then
    raise exception 'p_op_id, p_package_id, p_user_id and p_public_token are required' using errcode = '22004';
  end if;

  select e.package_id into v_recorded_for from public.package_events e where e.op_id = p_op_id;
  if found then
    if v_recorded_for is distinct from p_package_id then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
    end if;
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
    return jsonb_build_object('outcome', 'applied', 'package', public.package_json(v_package));
  end if;

  -- Nothing inserted: a concurrent replay of this op committed first, or the
  -- id belongs to another package.
  select e.package_id into v_recorded_for from public.package_events e where e.op_id = p_op_id;
  if not found then
    raise exception 'package % already exists', p_package_id using errcode = 'PT409';
  end if;
  if v_recorded_for is distinct from p_package_id then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
  end if;
  select * into v_package from public.packages where id = p_package_id;
  return jsonb_build_object('outcome', 'replayed', 'package', public.package_json(v_package));
end
$$;

revoke execute on function public.register_package(uuid, uuid, uuid, uuid, text, text, numeric, numeric, jsonb) from public, anon;
grant execute on function public.register_package(uuid, uuid, uuid, uuid, text, text, numeric, numeric, jsonb) to authenticated, service_role;

-- 6. apply_package_status, as before except: an unknown package is PT404 (the
-- API answers 404, not 500); an op_id already recorded for another package or
-- another status is PT409 instead of passing for that op's replay; and the
-- package comes back in package_json's shape.
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
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change a package status' using errcode = '42501';
  end if;
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004';
  end if;

  select * into v_package from public.packages where id = p_package_id for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'PT404';
  end if;

  select e.package_id, e.status, e.outcome into v_recorded_for, v_recorded_status, v_outcome
  from public.package_events e where e.op_id = p_op_id;
  if found then
    if v_recorded_for is distinct from p_package_id or v_recorded_status is distinct from p_status then
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

-- 7. Admins cannot demote themselves (another admin still can), so the desk
-- never loses its last admin by a slip of the user's own hand. Everything
-- else as before.
create or replace function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.id is distinct from old.id
      or new.email is distinct from old.email
      or new.created_at is distinct from old.created_at then
      raise exception 'profile id, email and created_at cannot be changed' using errcode = '42501';
    end if;
    if new.role is distinct from old.role and not public.is_admin() then
      raise exception 'only admins can change a role' using errcode = '42501';
    end if;
    if old.id = auth.uid() and old.role = 'admin' and new.role is distinct from 'admin' then
      raise exception 'admins cannot remove their own admin role' using errcode = '42501';
    end if;
    if old.id is distinct from auth.uid() and (
      new.country is distinct from old.country
      or new.delivery_address is distinct from old.delivery_address
      or new.city is distinct from old.city
      or new.postal_code is distinct from old.postal_code
      or new.id_number is distinct from old.id_number
    ) then
      raise exception 'admins may change only the full name, phone and role of other users' using errcode = '42501';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
