-- The pulls: how offline copies follow the tables. Each pull sends the rows changed after the
-- device's checkpoint "<change_xid>:<id>" in (change_xid, id) order, a page at a time, and the next
-- checkpoint. Only rows written by transactions older than the snapshot's xmin (the horizon) are sent:
-- every such transaction has finished, so no later commit can ever land behind the returned
-- checkpoint. A transaction still running holds the cursor back until it commits (delivered late,
-- never skipped). Each pull is one SQL statement, so one snapshot decides both. SECURITY INVOKER: RLS
-- decides what each caller gets.
--
-- A customer pulls everything they may read. A staff member's device (a clerk's or an admin's) keeps only the working set (what the
-- desk works on): every package not yet delivered ('entregado') or deleted, every prealert still
-- announced, every shipment not yet delivered or cancelled, the staff's profiles, and any row changed
-- in the last 30 days (delivered, cancelled and deleted ones included, so a device learns that a row it
-- holds has left the open set); the service role (no user) pulls what an admin does. The working set
-- is a filter on the candidates after the checkpoint, so the guarantee holds: a row enters the set
-- only by a write, which stamps it with a new change_xid after any checkpoint, so a filter can never
-- hide a row a device should receive; rows leave the set only by time, and the device drops those
-- itself (src/local-db/working-set.ts), by the same 30 days. The rest of the history is searched on the
-- server (85_history_search.sql); every customer is on an admin's device through the directory
-- (82_customer_directory.sql), and a customer's full profile is fetched when the admin opens it
-- (get_profiles).
--
-- An admin's working set comes in two parts, each with its own checkpoint on the device: `open` (open
-- packages, shipments in flight, announced prealerts: what the desk needs first) and `closed` (what
-- closed or was deleted in the last 30 days, which arrives after). p_part null is both; customers always
-- pull their own rows whatever the part. A row moves between parts only by a write, which stamps it
-- with a new change_xid after either checkpoint, so no row is missed; the device applies the closed
-- part only after the open part's pages, so a row that closed and reopened during a first sync ends as
-- the newest answer had it.
--
-- Each pull's candidates are branches, each an index range scan in (change_xid, id) order:
--   * not an admin: the caller's own rows, by (user_id, change_xid, id);
--   * an admin, open rows: a partial index on (change_xid, id) of the open rows;
--   * an admin, closed rows changed recently: the (change_xid, id) index from the oldest change_xid
--     among recently changed rows (the "floor", read from an index on (updated_at) include
--     (change_xid)). change_xid grows with time, so at a million rows the scan starts near the last
--     30 days' rows instead of at the first row ever written.
-- A page takes the first rows of the merged branches; a branch gated off by the caller's role or part
-- reads nothing. Each branch reads the bounds as scalar subqueries: values known before its scan
-- starts, so the comparison is the index scan's start, not a filter. `recent` says where an admin's
-- recently changed closed rows start: after the checkpoint, and not before the floor (the nil uuid
-- there: pull_pending compares strictly and no row's id is the nil uuid). The floor is read through a
-- subquery the planner keeps whole (offset 0): written as min(change_xid) over the rows changed since,
-- PostgreSQL walks the (change_xid, id) index from its first row until a row changed lately turns up
-- (at a million packages, about 1.5 s on each page); kept whole, it is a range of the (updated_at)
-- index: the last 30 days' entries only.

-- The checkpoint paging the pulls share, written once: three small SQL helpers the planner inlines, so
-- each pull's plan is an index scan on (change_xid, id) with no function call per row. That holds only
-- while each stays inlinable: LANGUAGE sql, one SELECT, not SECURITY DEFINER, not STRICT, no SET
-- clause (so no `set search_path` here: they are planned inside the pulls, under the pulls'
-- search_path = '', and name pg_catalog's functions), and no more volatile than declared.
-- tests/db/pull-helpers.test.ts checks the plans.
--
-- Grants: the planner inlines a function only for a role that may execute it, and the pulls are
-- SECURITY INVOKER, so the roles that call the pulls (authenticated, service_role) get EXECUTE; anon
-- and PUBLIC do not. Calling them directly reveals nothing (no table is read).

-- The checkpoint and the page: where the previous page ended (for a first pull, a null or empty
-- checkpoint, the lowest checkpoint: '0' and the nil uuid, so "after the checkpoint" is one row
-- comparison the index can start from), the horizon (rows stamped by a transaction still running, or
-- by a later one, wait for a later page) and the page size (500 when not given, 1 to 1,000). A
-- malformed checkpoint fails as its casts do (22P02, the change_xid part first; PostgreSQL 15 reads any
-- change_xid text as a number, later versions refuse it). STABLE: the horizon is the statement's
-- snapshot.
create or replace function public.pull_bounds(p_since text, p_limit integer)
returns table (since_xid xid8, since_id uuid, horizon xid8, page_size integer)
language sql
stable
as $$
  select
    case when coalesce(p_since, '') <> '' then pg_catalog.split_part(p_since, ':', 1)::pg_catalog.xid8 else '0'::pg_catalog.xid8 end,
    case when coalesce(p_since, '') <> '' then pg_catalog.split_part(p_since, ':', 2)::pg_catalog.uuid else '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid end,
    pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot()),
    least(greatest(coalesce(p_limit, 500), 1), 1000)
$$;

-- Whether a row stamped (p_change_xid, p_id) belongs in the pull: after the checkpoint and before the
-- horizon.
create or replace function public.pull_pending(p_change_xid xid8, p_id uuid, p_since_xid xid8, p_since_id uuid, p_horizon xid8)
returns boolean
language sql
immutable
as $$
  select (p_change_xid, p_id) > (p_since_xid, p_since_id) and p_change_xid < p_horizon
$$;

-- The checkpoint of a page's last row.
create or replace function public.pull_checkpoint(p_change_xid xid8, p_id uuid)
returns text
language sql
immutable
as $$
  select p_change_xid::text || ':' || p_id::text
$$;

-- How far back "recently changed" reaches. Inlined into the pulls (LANGUAGE sql, STABLE, no SET
-- clause), like the paging helpers.
create or replace function public.working_set_since()
returns timestamptz
language sql
stable
as $$
  select pg_catalog.now() - interval '30 days'
$$;

-- Which part of an admin's working set a pull sends: 'open', 'closed', or both ('all', for null).
create or replace function public.working_set_part(p_part text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_part is null then
    return 'all';
  elsif p_part in ('open', 'closed') then
    return p_part;
  end if;
  raise exception 'p_part must be open, closed or null, not %', p_part using errcode = '22023', hint = 'bad_request';
end
$$;

-- Rows as the device stores them, for the packages and profiles a pull, a search or an opened profile
-- sends: one shape, in the order of the ids given. SECURITY INVOKER: RLS decides. packages_json is
-- package_json's shape (20_packages.sql), built inline: change the two together.
create or replace function public.packages_json(p_ids uuid[])
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
      'id', p.id, 'user_id', p.user_id, 'locker_code', p.locker_code, 'tracking_code', p.tracking_code,
      'status', p.status, 'weight_kg', p.weight_kg, 'volume_m3', p.volume_m3, 'meta', p.meta,
      'public_token', p.public_token, 'version', p.version, 'deleted_at', p.deleted_at,
      'created_at', p.created_at, 'updated_at', p.updated_at,
      'events', coalesce(
        (select json_agg(json_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
            order by e.recorded_at, e.id)
         from public.package_events e
         where e.package_id = p.id and e.outcome = 'applied'),
        '[]'::json))
      order by i.n), '[]'::json)
  from public.packages p
  join unnest(p_ids) with ordinality as i (id, n) on i.id = p.id
  -- Planned once for any array (a SQL function's parameters are not known when it is planned): the
  -- condition on the array makes the primary key the way in, never a scan of the whole table.
  where p.id = any (p_ids)
$$;

create or replace function public.profiles_json(p_ids uuid[])
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
      'id', pr.id, 'email', pr.email, 'full_name', pr.full_name, 'phone', pr.phone,
      'role', pr.role, 'plan', pr.plan, 'country', pr.country, 'delivery_address', pr.delivery_address,
      'city', pr.city, 'postal_code', pr.postal_code, 'id_number', pr.id_number, 'avatar_path', pr.avatar_path,
      'push_muted', pr.push_muted, 'lang', pr.lang, 'mail_muted', pr.mail_muted, 'in_app_muted', pr.in_app_muted,
      'created_at', pr.created_at, 'updated_at', pr.updated_at, 'closed_at', pr.closed_at,
      'locker_code', (select l.code from public.lockers l where l.user_id = pr.id),
      'deleted_at', null)
      order by i.n), '[]'::json)
  from public.profiles pr
  join unnest(p_ids) with ordinality as i (id, n) on i.id = pr.id
  where pr.id = any (p_ids)
$$;

create or replace function public.pull_packages(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.staff and a.part <> 'open' then (
        select min(f.change_xid) from (select p.change_xid from public.packages p where p.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid, public.working_set_part(p_part) as part) a
  ),
  recent as (
    select
      case when b.recent_floor > b.since_xid then b.recent_floor else b.since_xid end as from_xid,
      case when b.recent_floor > b.since_xid then '00000000-0000-0000-0000-000000000000'::uuid else b.since_id end as from_id
    from bounds b
    where b.recent_floor is not null
  ),
  candidates as (
    select s.id, s.change_xid, row_number() over (order by s.change_xid, s.id) as n
    from (
      (select p.id, p.change_xid from public.packages p
       where not (select staff from bounds) and p.user_id = (select uid from bounds)
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.id, p.change_xid from public.packages p
       where (select staff from bounds) and (select part from bounds) <> 'closed' and p.status <> 'entregado' and p.deleted_at is null
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.id, p.change_xid from public.packages p
       where (select staff from bounds) and (select part from bounds) <> 'open' and (p.status = 'entregado' or p.deleted_at is not null) and p.updated_at >= (select recent_since from bounds)
         and public.pull_pending(p.change_xid, p.id, (select from_xid from recent), (select from_id from recent), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
    ) s
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'packages', public.packages_json(array(select pg.id from page pg order by pg.n)),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

-- Staff's full profiles: the staff's (their own among them), and the tombstones of customers deleted
-- lately (a full profile the staff member opened goes with them). A customer pulls their own.
create or replace function public.pull_profiles(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, public.working_set_since() as recent_since
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid) a
  ),
  candidates as (
    select s.change_xid, s.id, s.deleted_at, row_number() over (order by s.change_xid, s.id) as n
    from (
      (select pr.change_xid, pr.id, null::timestamptz as deleted_at from public.profiles pr
       where not (select staff from bounds) and pr.id = (select uid from bounds)
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select pr.change_xid, pr.id, null::timestamptz as deleted_at from public.profiles pr
       where (select staff from bounds) and pr.role in ('clerk', 'admin')
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select d.change_xid, d.id, d.deleted_at from public.deleted_profiles d
       where (select staff from bounds) and d.deleted_at >= (select recent_since from bounds)
         and public.pull_pending(d.change_xid, d.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
         and not exists (select 1 from public.profiles alive where alive.id = d.id)
       order by d.change_xid, d.id
       limit (select page_size + 1 from bounds))
    ) s
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'profiles', (
      public.profiles_json(array(select pg.id from page pg where pg.deleted_at is null order by pg.n))::jsonb
      || coalesce(
        (select jsonb_agg(jsonb_build_object('id', pg.id, 'deleted_at', pg.deleted_at) order by pg.n)
         from page pg where pg.deleted_at is not null),
        '[]'::jsonb))::json,
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

create or replace function public.pull_prealerts(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.staff and a.part <> 'open' then (
        select min(f.change_xid) from (select p.change_xid from public.prealerts p where p.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid, public.working_set_part(p_part) as part) a
  ),
  recent as (
    select
      case when b.recent_floor > b.since_xid then b.recent_floor else b.since_xid end as from_xid,
      case when b.recent_floor > b.since_xid then '00000000-0000-0000-0000-000000000000'::uuid else b.since_id end as from_id
    from bounds b
    where b.recent_floor is not null
  ),
  candidates as (
    select p.*, row_number() over (order by p.change_xid, p.id) as n
    from (
      (select p.* from public.prealerts p
       where not (select staff from bounds) and p.user_id = (select uid from bounds)
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.* from public.prealerts p
       where (select staff from bounds) and (select part from bounds) <> 'closed' and p.state = 'announced'
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.* from public.prealerts p
       where (select staff from bounds) and (select part from bounds) <> 'open' and p.state <> 'announced' and p.updated_at >= (select recent_since from bounds)
         and public.pull_pending(p.change_xid, p.id, (select from_xid from recent), (select from_id from recent), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
    ) p
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
          'state', pg.state, 'package_id', pg.package_id, 'documents', pg.documents, 'version', pg.version,
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

-- The rows are shipment_json's shape, built inline but for the timeline and the packages, which both
-- read through the same functions (see package_json for why).
create or replace function public.pull_shipments(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.staff and a.part <> 'open' then (
        select min(f.change_xid) from (select s.change_xid from public.shipments s where s.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid, public.working_set_part(p_part) as part) a
  ),
  recent as (
    select
      case when b.recent_floor > b.since_xid then b.recent_floor else b.since_xid end as from_xid,
      case when b.recent_floor > b.since_xid then '00000000-0000-0000-0000-000000000000'::uuid else b.since_id end as from_id
    from bounds b
    where b.recent_floor is not null
  ),
  candidates as (
    select s.*, row_number() over (order by s.change_xid, s.id) as n
    from (
      (select s.* from public.shipments s
       where not (select staff from bounds) and s.user_id = (select uid from bounds)
         and public.pull_pending(s.change_xid, s.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
      union all
      (select s.* from public.shipments s
       where (select staff from bounds) and (select part from bounds) <> 'closed' and s.status not in ('delivered', 'cancelled')
         and public.pull_pending(s.change_xid, s.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
      union all
      (select s.* from public.shipments s
       where (select staff from bounds) and (select part from bounds) <> 'open' and s.status in ('delivered', 'cancelled') and s.updated_at >= (select recent_since from bounds)
         and public.pull_pending(s.change_xid, s.id, (select from_xid from recent), (select from_id from recent), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
    ) s
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'shipments', coalesce(
      (select json_agg(json_build_object(
          'id', pg.id, 'user_id', pg.user_id, 'status', pg.status, 'service', pg.service, 'options', pg.options,
          'address', pg.address, 'declared_total_cents', pg.declared_total_cents, 'estimate_cents', pg.estimate_cents,
          'estimate', pg.estimate, 'final_cents', pg.final_cents, 'final', pg.final, 'weight_kg', pg.weight_kg,
          'length_cm', pg.length_cm, 'width_cm', pg.width_cm, 'height_cm', pg.height_cm, 'carrier', pg.carrier,
          'outbound_tracking', pg.outbound_tracking, 'documents', pg.documents, 'version', pg.version,
          'created_at', pg.created_at, 'updated_at', pg.updated_at,
          'items', coalesce(
            (select json_agg(json_build_object(
                'position', i.position, 'description', i.description, 'quantity', i.quantity,
                'unit_value_cents', i.unit_value_cents) order by i.position)
             from public.shipment_items i where i.shipment_id = pg.id),
            '[]'::json),
          'events', public.shipment_events_json(pg.id),
          'package_ids', public.shipment_package_ids(pg.id))
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

-- The caller's own notifications, with each row's change_xid (as text: a 64-bit number), which the
-- device compares with the checkpoint a mark carries (mark_notifications_read_through).
create or replace function public.pull_notifications(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, auth.uid() as uid
    from public.pull_bounds(p_since, p_limit) b
  ),
  candidates as (
    select s.id, s.change_xid, row_number() over (order by s.change_xid, s.id) as n
    from (
      select x.id, x.change_xid from public.notifications x
      where x.user_id = (select uid from bounds)
        and public.pull_pending(x.change_xid, x.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
      order by x.change_xid, x.id
      limit (select page_size + 1 from bounds)
    ) s
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'notifications', coalesce(
      (select json_agg(json_build_object(
          'id', x.id, 'kind', x.kind, 'payload', x.payload, 'created_at', x.created_at, 'read_at', x.read_at,
          'change_xid', x.change_xid::text)
          order by pg.n)
       from page pg join public.notifications x on x.id = pg.id),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

-- How many rows each part of the working set holds now: what an admin's first sync will bring, for its
-- progress. Counted from the indexes the pulls use; staff only.
create or replace function public.working_set_counts()
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  since timestamptz := public.working_set_since();
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'only staff have a working set' using errcode = '42501', hint = 'staff_only';
  end if;
  return json_build_object(
    'directory', (select count(*) from public.profiles),
    'open', json_build_object(
      'packages', (select count(*) from public.packages p where p.status <> 'entregado' and p.deleted_at is null),
      'prealerts', (select count(*) from public.prealerts p where p.state = 'announced'),
      'shipments', (select count(*) from public.shipments s where s.status not in ('delivered', 'cancelled'))),
    'closed', json_build_object(
      'packages', (select count(*) from public.packages p where (p.status = 'entregado' or p.deleted_at is not null) and p.updated_at >= since),
      'prealerts', (select count(*) from public.prealerts p where p.state <> 'announced' and p.updated_at >= since),
      'shipments', (select count(*) from public.shipments s where s.status in ('delivered', 'cancelled') and s.updated_at >= since)));
end
$$;

-- Profiles a device lacks: a customer's full profile an admin opens (addresses, ID number,
-- preferences), which no pull sends. RLS decides what comes.
create or replace function public.get_profiles(p_ids uuid[])
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object('profiles', public.profiles_json(p_ids[1:1000]))
$$;

revoke execute on function public.pull_bounds(text, integer) from public, anon;
grant execute on function public.pull_bounds(text, integer) to authenticated, service_role;
revoke execute on function public.pull_pending(xid8, uuid, xid8, uuid, xid8) from public, anon;
grant execute on function public.pull_pending(xid8, uuid, xid8, uuid, xid8) to authenticated, service_role;
revoke execute on function public.pull_checkpoint(xid8, uuid) from public, anon;
grant execute on function public.pull_checkpoint(xid8, uuid) to authenticated, service_role;
revoke execute on function public.working_set_since() from public, anon;
grant execute on function public.working_set_since() to authenticated, service_role;
revoke execute on function public.working_set_part(text) from public, anon;
grant execute on function public.working_set_part(text) to authenticated, service_role;
revoke execute on function public.packages_json(uuid[]) from public, anon;
grant execute on function public.packages_json(uuid[]) to authenticated, service_role;
revoke execute on function public.profiles_json(uuid[]) from public, anon;
grant execute on function public.profiles_json(uuid[]) to authenticated, service_role;
revoke execute on function public.pull_packages(text, integer, text) from public, anon;
grant execute on function public.pull_packages(text, integer, text) to authenticated, service_role;
revoke execute on function public.pull_profiles(text, integer) from public, anon;
grant execute on function public.pull_profiles(text, integer) to authenticated, service_role;
revoke execute on function public.pull_prealerts(text, integer, text) from public, anon;
grant execute on function public.pull_prealerts(text, integer, text) to authenticated, service_role;
revoke execute on function public.pull_shipments(text, integer, text) from public, anon;
grant execute on function public.pull_shipments(text, integer, text) to authenticated, service_role;
revoke execute on function public.pull_notifications(text, integer) from public, anon;
grant execute on function public.pull_notifications(text, integer) to authenticated;
revoke execute on function public.working_set_counts() from public, anon;
grant execute on function public.working_set_counts() to authenticated, service_role;
revoke execute on function public.get_profiles(uuid[]) from public, anon;
grant execute on function public.get_profiles(uuid[]) to authenticated;
