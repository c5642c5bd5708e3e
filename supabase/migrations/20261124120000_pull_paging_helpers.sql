-- The checkpoint paging the pulls share, written once (issue 22 §4). pull_packages,
-- pull_profiles and pull_prealerts each retyped it: parse the checkpoint
-- "<change_xid>:<id>", keep the rows after it that committed before the oldest transaction
-- still running, and print the next checkpoint. Three small SQL helpers now say it, and the
-- pulls are the same queries with the helpers' calls where the expressions were:
--
--   with bounds as (select * from public.pull_bounds(p_since, p_limit)),
--   candidates as (
--     select t.*, row_number() over (order by t.change_xid, t.id) as n
--     from public.<table> t, bounds b
--     where public.pull_pending(t.change_xid, t.id, b.since_xid, b.since_id, b.horizon)
--     order by t.change_xid, t.id
--     limit (select page_size + 1 from bounds)
--   ), ...
--   'checkpoint', coalesce((select public.pull_checkpoint(pg.change_xid, pg.id) from page pg
--                           order by pg.n desc limit 1), p_since)
--
-- The planner inlines them, so each pull's plan is the plan it had (for 200,000 packages, an
-- index scan on (change_xid, id)), with no function call per row. That holds only while
-- each stays inlinable: LANGUAGE sql, one SELECT, not SECURITY DEFINER, not STRICT, no SET
-- clause (so no `set search_path` here: they are planned inside the pulls, under the pulls'
-- search_path = '', and name pg_catalog's functions), and no more volatile than declared.
-- tests/db/pull-helpers.test.ts checks the plans.
--
-- Grants: the planner inlines a function only for a role that may execute it, and the pulls
-- are SECURITY INVOKER, so the roles that call the pulls (authenticated, service_role) get
-- EXECUTE; anon and PUBLIC do not. Calling them directly reveals nothing (no table is read).

-- The checkpoint and the page: where the previous page ended (both null for a first pull: a
-- null or empty checkpoint), the horizon (rows stamped by a transaction still running, or
-- by a later one, wait for a later page: a late commit is delivered late, never skipped) and
-- the page size (500 when not given, 1 to 1,000). A malformed checkpoint fails as its casts do
-- (22P02, the change_xid part first; PostgreSQL 15 reads any change_xid text as a number, later
-- versions refuse it). STABLE: the horizon is the statement's snapshot.
create function public.pull_bounds(p_since text, p_limit integer)
returns table (since_xid xid8, since_id uuid, horizon xid8, page_size integer)
language sql
stable
as $$
  select
    case when coalesce(p_since, '') <> '' then pg_catalog.split_part(p_since, ':', 1)::pg_catalog.xid8 end,
    case when coalesce(p_since, '') <> '' then pg_catalog.split_part(p_since, ':', 2)::pg_catalog.uuid end,
    pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
    least(greatest(coalesce(p_limit, 500), 1), 1000)
$$;

-- Whether a row stamped (p_change_xid, p_id) belongs in the pull: after the checkpoint (any
-- row when there is none) and before the horizon.
create function public.pull_pending(p_change_xid xid8, p_id uuid, p_since_xid xid8, p_since_id uuid, p_horizon xid8)
returns boolean
language sql
immutable
as $$
  select (p_since_xid is null or (p_change_xid, p_id) > (p_since_xid, p_since_id))
    and p_change_xid < p_horizon
$$;

-- The checkpoint of a page's last row.
create function public.pull_checkpoint(p_change_xid xid8, p_id uuid)
returns text
language sql
immutable
as $$
  select p_change_xid::text || ':' || p_id::text
$$;

revoke execute on function public.pull_bounds(text, integer) from public, anon;
grant execute on function public.pull_bounds(text, integer) to authenticated, service_role;
revoke execute on function public.pull_pending(xid8, uuid, xid8, uuid, xid8) from public, anon;
grant execute on function public.pull_pending(xid8, uuid, xid8, uuid, xid8) to authenticated, service_role;
revoke execute on function public.pull_checkpoint(xid8, uuid) from public, anon;
grant execute on function public.pull_checkpoint(xid8, uuid) to authenticated, service_role;

-- The pulls, as in 20261123140000_lighter_pulls (pull_packages), 20261123171000_profile_plans
-- (pull_profiles) and 20261123172000_prealerts (pull_prealerts), on the helpers. Same
-- signatures and return type, so create or replace keeps their grants.

create or replace function public.pull_packages(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select * from public.pull_bounds(p_since, p_limit)
  ),
  candidates as (
    select p.*, row_number() over (order by p.change_xid, p.id) as n
    from public.packages p, bounds b
    where public.pull_pending(p.change_xid, p.id, b.since_xid, b.since_id, b.horizon)
    order by p.change_xid, p.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'packages', coalesce(
      (select json_agg(json_build_object(
          'id', pg.id, 'user_id', pg.user_id, 'locker_code', pg.locker_code, 'tracking_code', pg.tracking_code,
          'status', pg.status, 'weight_kg', pg.weight_kg, 'volume_m3', pg.volume_m3, 'meta', pg.meta,
          'public_token', pg.public_token, 'version', pg.version, 'deleted_at', pg.deleted_at,
          'created_at', pg.created_at, 'updated_at', pg.updated_at,
          'events', coalesce(
            (select json_agg(json_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
                order by e.recorded_at, e.id)
             from public.package_events e
             where e.package_id = pg.id and e.outcome = 'applied'),
            '[]'::json))
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

create or replace function public.pull_profiles(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select * from public.pull_bounds(p_since, p_limit)
  ),
  candidates as (
    select s.change_xid, s.id, s.profile, s.deleted_at,
      row_number() over (order by s.change_xid, s.id) as n
    from (
      select pr.change_xid, pr.id, pr as profile, null::timestamptz as deleted_at
      from public.profiles pr, bounds b
      where public.pull_pending(pr.change_xid, pr.id, b.since_xid, b.since_id, b.horizon)
      union all
      select d.change_xid, d.id, null::public.profiles, d.deleted_at
      from public.deleted_profiles d, bounds b
      where public.pull_pending(d.change_xid, d.id, b.since_xid, b.since_id, b.horizon)
        and not exists (select 1 from public.profiles alive where alive.id = d.id)
    ) s
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'profiles', coalesce(
      (select json_agg(
          case when pg.deleted_at is null then json_build_object(
            'id', pg.id, 'email', (pg.profile).email, 'full_name', (pg.profile).full_name, 'phone', (pg.profile).phone,
            'role', (pg.profile).role, 'plan', (pg.profile).plan, 'country', (pg.profile).country,
            'delivery_address', (pg.profile).delivery_address,
            'city', (pg.profile).city, 'postal_code', (pg.profile).postal_code, 'id_number', (pg.profile).id_number,
            'created_at', (pg.profile).created_at, 'updated_at', (pg.profile).updated_at,
            'locker_code', (select l.code from public.lockers l where l.user_id = pg.id),
            'deleted_at', null)
          else json_build_object('id', pg.id, 'deleted_at', pg.deleted_at)
          end
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

create or replace function public.pull_prealerts(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select * from public.pull_bounds(p_since, p_limit)
  ),
  candidates as (
    select p.*, row_number() over (order by p.change_xid, p.id) as n
    from public.prealerts p, bounds b
    where public.pull_pending(p.change_xid, p.id, b.since_xid, b.since_id, b.horizon)
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
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;
