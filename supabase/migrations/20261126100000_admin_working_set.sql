-- A year of warehouse history (issue 20): an admin's device keeps only its working set, and
-- the rest of the history is searched on the server.
--
-- The working set of an admin is what the desk works on: every package not yet delivered
-- ('entregado') or deleted, every prealert still announced, every shipment not yet delivered
-- or cancelled, the admins' profiles, and any row changed in the last 30 days (delivered,
-- cancelled and deleted ones included, so a device learns that a row it holds has left the
-- open set). Customers keep pulling everything they may read, as before.
--
-- The pulls keep their checkpoints and their guarantee (a late commit is delivered late, never
-- skipped): the working set is a filter on the candidates after the checkpoint. A row enters
-- the set only by a write, which stamps it with a new change_xid after any checkpoint, so a
-- filter can never hide a row a device should receive; rows leave the set only by time, and
-- the device drops those itself (src/local-db/working-set.ts), by the same 30 days.
--
-- Each pull's candidates are branches, each an index range scan in (change_xid, id) order:
--   * not an admin: the caller's own rows, by (user_id, change_xid, id);
--   * an admin, open rows: a partial index on (change_xid, id) of the open rows;
--   * an admin, closed rows changed recently: the (change_xid, id) index from the oldest
--     change_xid among recently changed rows (the "floor", read from an index on
--     (updated_at) include (change_xid)). change_xid grows with time, so at a million rows
--     the scan starts near the last 30 days' rows instead of at the first row ever written.
-- A page takes the first rows of the merged branches; a branch gated off by the caller's role
-- reads nothing.

-- 1. How far back "recently changed" reaches. Inlined into the pulls (LANGUAGE sql, STABLE,
-- no SET clause), like the paging helpers of 20261124120000.
create function public.working_set_since()
returns timestamptz
language sql
stable
as $$
  select pg_catalog.now() - interval '30 days'
$$;

revoke execute on function public.working_set_since() from public, anon;
grant execute on function public.working_set_since() to authenticated, service_role;

-- 2. Indexes: the customers' pulls by owner, the open rows, and the floors.
create index packages_owner_change_idx on public.packages (user_id, change_xid, id);
create index packages_open_change_idx on public.packages (change_xid, id)
  where status <> 'entregado' and deleted_at is null;
create index packages_updated_at_idx on public.packages (updated_at) include (change_xid);

create index profiles_admin_change_idx on public.profiles (change_xid, id) where role = 'admin';
create index profiles_updated_at_idx on public.profiles (updated_at) include (change_xid);

create index prealerts_owner_change_idx on public.prealerts (user_id, change_xid, id);
create index prealerts_open_change_idx on public.prealerts (change_xid, id) where state = 'announced';
create index prealerts_updated_at_idx on public.prealerts (updated_at) include (change_xid);

create index shipments_owner_change_idx on public.shipments (user_id, change_xid, id);
create index shipments_open_change_idx on public.shipments (change_xid, id)
  where status not in ('delivered', 'cancelled');
create index shipments_updated_at_idx on public.shipments (updated_at) include (change_xid);

-- 3. Rows as the device stores them, for the packages and profiles a pull, a search or an
-- opened package sends: one shape, in the order of the ids given. SECURITY INVOKER: RLS decides.
create function public.packages_json(p_ids uuid[])
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

create function public.profiles_json(p_ids uuid[])
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
      'created_at', pr.created_at, 'updated_at', pr.updated_at,
      'locker_code', (select l.code from public.lockers l where l.user_id = pr.id),
      'deleted_at', null)
      order by i.n), '[]'::json)
  from public.profiles pr
  join unnest(p_ids) with ordinality as i (id, n) on i.id = pr.id
  where pr.id = any (p_ids)
$$;

revoke execute on function public.packages_json(uuid[]) from public, anon;
grant execute on function public.packages_json(uuid[]) to authenticated, service_role;
revoke execute on function public.profiles_json(uuid[]) from public, anon;
grant execute on function public.profiles_json(uuid[]) to authenticated, service_role;

-- 4. The pulls (same signatures and results as in 20261125130000 and 20261124120000, so create
-- or replace keeps their grants). The paging helpers now give a first pull the lowest checkpoint
-- ('0', the nil uuid) instead of none, so "after the checkpoint" is one row comparison the
-- index can start from, with no "or there is none" beside it that would make every page walk
-- the index from its first row. Each branch reads the bounds as scalar subqueries: values
-- known before its scan starts, so the comparison is the index scan's start, not a filter.
-- The service role (no user) pulls what an admin does. `recent` says where an admin's
-- recently changed closed rows start: after the checkpoint, and not before the floor (the nil
-- uuid there: pull_pending compares strictly and no row's id is the nil uuid).

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

create or replace function public.pull_pending(p_change_xid xid8, p_id uuid, p_since_xid xid8, p_since_id uuid, p_horizon xid8)
returns boolean
language sql
immutable
as $$
  select (p_change_xid, p_id) > (p_since_xid, p_since_id) and p_change_xid < p_horizon
$$;

create or replace function public.pull_packages(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid,
      public.working_set_since() as recent_since,
      case when a.admin then (
        select min(p.change_xid) from public.packages p where p.updated_at >= public.working_set_since()
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid) a
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
       where not (select admin from bounds) and p.user_id = (select uid from bounds)
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.id, p.change_xid from public.packages p
       where (select admin from bounds) and p.status <> 'entregado' and p.deleted_at is null
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.id, p.change_xid from public.packages p
       where (select admin from bounds) and (p.status = 'entregado' or p.deleted_at is not null) and p.updated_at >= (select recent_since from bounds)
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

create or replace function public.pull_profiles(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid,
      public.working_set_since() as recent_since,
      case when a.admin then (
        select min(pr.change_xid) from public.profiles pr where pr.updated_at >= public.working_set_since()
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid) a
  ),
  recent as (
    select
      case when b.recent_floor > b.since_xid then b.recent_floor else b.since_xid end as from_xid,
      case when b.recent_floor > b.since_xid then '00000000-0000-0000-0000-000000000000'::uuid else b.since_id end as from_id
    from bounds b
    where b.recent_floor is not null
  ),
  candidates as (
    select s.change_xid, s.id, s.deleted_at, row_number() over (order by s.change_xid, s.id) as n
    from (
      (select pr.change_xid, pr.id, null::timestamptz as deleted_at from public.profiles pr
       where not (select admin from bounds) and pr.id = (select uid from bounds)
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select pr.change_xid, pr.id, null::timestamptz as deleted_at from public.profiles pr
       where (select admin from bounds) and pr.role = 'admin'
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select pr.change_xid, pr.id, null::timestamptz as deleted_at from public.profiles pr
       where (select admin from bounds) and pr.role <> 'admin' and pr.updated_at >= (select recent_since from bounds)
         and public.pull_pending(pr.change_xid, pr.id, (select from_xid from recent), (select from_id from recent), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select d.change_xid, d.id, d.deleted_at from public.deleted_profiles d
       where (select admin from bounds) and d.deleted_at >= (select recent_since from bounds)
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

create or replace function public.pull_prealerts(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid,
      public.working_set_since() as recent_since,
      case when a.admin then (
        select min(p.change_xid) from public.prealerts p where p.updated_at >= public.working_set_since()
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid) a
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
       where not (select admin from bounds) and p.user_id = (select uid from bounds)
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.* from public.prealerts p
       where (select admin from bounds) and p.state = 'announced'
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.* from public.prealerts p
       where (select admin from bounds) and p.state <> 'announced' and p.updated_at >= (select recent_since from bounds)
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

create or replace function public.pull_shipments(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid,
      public.working_set_since() as recent_since,
      case when a.admin then (
        select min(s.change_xid) from public.shipments s where s.updated_at >= public.working_set_since()
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid) a
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
       where not (select admin from bounds) and s.user_id = (select uid from bounds)
         and public.pull_pending(s.change_xid, s.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
      union all
      (select s.* from public.shipments s
       where (select admin from bounds) and s.status not in ('delivered', 'cancelled')
         and public.pull_pending(s.change_xid, s.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
      union all
      (select s.* from public.shipments s
       where (select admin from bounds) and s.status in ('delivered', 'cancelled') and s.updated_at >= (select recent_since from bounds)
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
          'events', coalesce(
            (select json_agg(json_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
                order by e.recorded_at, e.id)
             from public.shipment_events e where e.shipment_id = pg.id),
            '[]'::json),
          'package_ids', coalesce(
            (select json_agg(p.id order by p.id) from public.packages p where p.shipment_id = pg.id),
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

-- 5. Finding the rest: the whole history, searched on the server (admins only). A query of at
-- least 3 characters matches anywhere in a tracking number, a locker code, a customer's email
-- or name, in any case (trigram indexes keep it fast at a million packages). Packages come
-- newest first, a page at a time, with their history and their owners' profiles; customers
-- who matched come too, packages or not. SECURITY DEFINER after its own admin check (admins
-- read every row anyway): under RLS, ILIKE (not leakproof) may not run before the policies'
-- checks, so no index could serve it and every search would read every package.
create extension if not exists pg_trgm with schema extensions;

create index packages_tracking_code_trgm_idx on public.packages using gin (tracking_code extensions.gin_trgm_ops);
create index packages_owner_updated_idx on public.packages (user_id, updated_at desc, id);
create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops);
create index profiles_full_name_trgm_idx on public.profiles using gin (full_name extensions.gin_trgm_ops);
create index lockers_code_trgm_idx on public.lockers using gin (code extensions.gin_trgm_ops);

create function public.search_history(p_query text, p_limit integer default 50, p_offset integer default 0)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_query text := pg_catalog.btrim(coalesce(p_query, ''));
  v_pattern text;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_owners uuid[];
  v_packages uuid[];
begin
  if not public.is_admin() then
    raise exception 'only admins can search the whole history' using errcode = '42501';
  end if;
  if pg_catalog.char_length(v_query) < 3 then
    raise exception 'type at least 3 characters to search the history' using errcode = '22023';
  end if;
  -- Taken literally: the user's % and _ match themselves.
  v_pattern := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(v_query, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  select coalesce(array_agg(m.id), '{}') into v_owners
  from (
    select pr.id from public.profiles pr where pr.email ilike v_pattern or pr.full_name ilike v_pattern
    union
    select l.user_id from public.lockers l where l.code ilike v_pattern
  ) m;

  select coalesce(array_agg(f.id order by f.updated_at desc, f.id), '{}') into v_packages
  from (
    select p.id, p.updated_at from public.packages p where p.tracking_code ilike v_pattern
    union
    select p.id, p.updated_at from public.packages p where p.user_id = any (v_owners)
    order by 2 desc, 1
    limit v_limit + 1 offset v_offset
  ) f;

  return json_build_object(
    'packages', public.packages_json(v_packages[1:v_limit]),
    'profiles', public.profiles_json(array(
      select distinct u.id from (
        select p.user_id as id from public.packages p where p.id = any (v_packages[1:v_limit])
        union
        select o.id from pg_catalog.unnest(v_owners[1:50]) as o (id)
      ) u)),
    'has_more', pg_catalog.cardinality(v_packages) > v_limit
  );
end
$$;

revoke execute on function public.search_history(text, integer, integer) from public, anon;
grant execute on function public.search_history(text, integer, integer) to authenticated;

-- 6. Profiles a device lacks: the customers of the packages, prealerts and shipments it pulled
-- whose own profile was not in the working set (unchanged for 30 days). RLS decides what comes.
create function public.get_profiles(p_ids uuid[])
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object('profiles', public.profiles_json(p_ids[1:1000]))
$$;

revoke execute on function public.get_profiles(uuid[]) from public, anon;
grant execute on function public.get_profiles(uuid[]) to authenticated;
