-- The desk in a real warehouse (issue 31): every customer on the admin's device, and a first sync
-- in stages the desk never waits for.
--
-- 1. The customer directory. An admin's device keeps every customer (what receiving and the lists
--    need: id, locker code, email, name, phone, plan, role, avatar, signup date), so the package
--    tool finds a customer idle for a year offline, by the locker code printed on a label. It is
--    pulled like every other stream (checkpointed, late commits delivered late, never skipped), but
--    as compact tuples in pages of up to 5,000: at 50,000 customers the whole directory is ten
--    requests and a few megabytes. The device stores it many customers to an IndexedDB record and
--    searches it in memory (src/local-db/directory.ts). Deleted customers come as removed ids.
-- 2. An admin's full profiles are the admins' own: a customer's full profile (addresses, ID
--    number, preferences) is fetched when the admin opens them (get_profiles), no longer pulled
--    because it changed lately, and no owner's profile is fetched to name a package: the
--    directory names every package's customer.
-- 3. The working set in two parts, each with its own checkpoint on the device: `open` (open
--    packages, shipments in flight, announced prealerts: what the desk needs first) and `closed`
--    (what closed or was deleted in the last 30 days, which arrives after). p_part null is both,
--    as before; customers always pull their own rows whatever the part. A row moves between parts
--    only by a write, which stamps it with a new change_xid after either checkpoint, so no row is
--    missed; the device applies the closed part only after the open part's pages, so a row that
--    closed and reopened during a first sync ends as the newest answer had it.
-- 4. working_set_counts(): how many rows each part will send, for the progress the desk shows.

-- Which part of an admin's working set a pull sends: 'open', 'closed', or both (null).
create function public.working_set_part(p_part text)
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
  raise exception 'p_part must be open, closed or null, not %', p_part using errcode = '22023';
end
$$;

revoke execute on function public.working_set_part(text) from public, anon;
grant execute on function public.working_set_part(text) to authenticated, service_role;

drop function public.pull_packages(text, integer);

create function public.pull_packages(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.admin and a.part <> 'open' then (
        select min(f.change_xid) from (select p.change_xid from public.packages p where p.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid, public.working_set_part(p_part) as part) a
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
       where (select admin from bounds) and (select part from bounds) <> 'closed' and p.status <> 'entregado' and p.deleted_at is null
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.id, p.change_xid from public.packages p
       where (select admin from bounds) and (select part from bounds) <> 'open' and (p.status = 'entregado' or p.deleted_at is not null) and p.updated_at >= (select recent_since from bounds)
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

revoke execute on function public.pull_packages(text, integer, text) from public, anon;
grant execute on function public.pull_packages(text, integer, text) to authenticated, service_role;

drop function public.pull_prealerts(text, integer);

create function public.pull_prealerts(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.admin and a.part <> 'open' then (
        select min(f.change_xid) from (select p.change_xid from public.prealerts p where p.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid, public.working_set_part(p_part) as part) a
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
       where (select admin from bounds) and (select part from bounds) <> 'closed' and p.state = 'announced'
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.* from public.prealerts p
       where (select admin from bounds) and (select part from bounds) <> 'open' and p.state <> 'announced' and p.updated_at >= (select recent_since from bounds)
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

revoke execute on function public.pull_prealerts(text, integer, text) from public, anon;
grant execute on function public.pull_prealerts(text, integer, text) to authenticated, service_role;

drop function public.pull_shipments(text, integer);

create function public.pull_shipments(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.admin and a.part <> 'open' then (
        select min(f.change_xid) from (select s.change_xid from public.shipments s where s.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid, public.working_set_part(p_part) as part) a
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
       where (select admin from bounds) and (select part from bounds) <> 'closed' and s.status not in ('delivered', 'cancelled')
         and public.pull_pending(s.change_xid, s.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
      union all
      (select s.* from public.shipments s
       where (select admin from bounds) and (select part from bounds) <> 'open' and s.status in ('delivered', 'cancelled') and s.updated_at >= (select recent_since from bounds)
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

revoke execute on function public.pull_shipments(text, integer, text) from public, anon;
grant execute on function public.pull_shipments(text, integer, text) to authenticated, service_role;

-- An admin's full profiles: the admins' (their own among them), and the tombstones of customers
-- deleted lately (a full profile the admin opened goes with them). A customer pulls their own.
create or replace function public.pull_profiles(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.admin, a.uid, public.working_set_since() as recent_since
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_admin() or auth.role() = 'service_role' as admin, auth.uid() as uid) a
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

-- Every customer (and admin), for an admin: each as a tuple
-- [id, locker_code, email, full_name, phone, plan, role, avatar_path, created_at], in
-- (change_xid, id) order after the checkpoint, up to 5,000 a page (5,000 when not given), and the
-- ids of those deleted lately. Anyone else gets empty pages.
create function public.pull_directory(p_since text, p_limit integer default 5000)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon,
      least(greatest(coalesce(p_limit, 5000), 1), 5000) as page_size,
      public.is_admin() or auth.role() = 'service_role' as admin,
      public.working_set_since() as recent_since
    from public.pull_bounds(p_since, null) b
  ),
  candidates as (
    select s.change_xid, s.id, s.removed, row_number() over (order by s.change_xid, s.id) as n
    from (
      (select pr.change_xid, pr.id, false as removed from public.profiles pr
       where (select admin from bounds)
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select d.change_xid, d.id, true as removed from public.deleted_profiles d
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
    'customers', coalesce(
      (select json_agg(json_build_array(pr.id, l.code, pr.email, pr.full_name, pr.phone, pr.plan, pr.role, pr.avatar_path, pr.created_at) order by pg.n)
       from page pg
       join public.profiles pr on pr.id = pg.id
       left join public.lockers l on l.user_id = pr.id
       where not pg.removed),
      '[]'::json),
    'removed', coalesce((select json_agg(pg.id order by pg.n) from page pg where pg.removed), '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

revoke execute on function public.pull_directory(text, integer) from public, anon;
grant execute on function public.pull_directory(text, integer) to authenticated, service_role;

-- How many rows each part of the working set holds now: what an admin's first sync will bring,
-- for its progress. Counted from the indexes the pulls use; admins only.
create function public.working_set_counts()
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  since timestamptz := public.working_set_since();
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'only admins have a working set' using errcode = '42501';
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

revoke execute on function public.working_set_counts() from public, anon;
grant execute on function public.working_set_counts() to authenticated, service_role;
