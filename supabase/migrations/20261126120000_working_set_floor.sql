-- The admin's pulls read the "floor" (the oldest change_xid among rows changed in the last 30 days)
-- on every page. Written as min(change_xid) over the rows changed since then, PostgreSQL answers it
-- by walking the (change_xid, id) index from its first row until a row changed lately turns up
-- (the planner guesses such rows are spread evenly; they are all at the end): at a million
-- packages that read every old row, about 1.5 s, on each page. Read through a subquery the planner
-- keeps whole (offset 0), it is a range of the (updated_at) include (change_xid) index: the last
-- 30 days' entries only. The pulls are otherwise as in 20261126100000, so create or replace keeps
-- their grants.

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
        select min(f.change_xid) from (select p.change_xid from public.packages p where p.updated_at >= public.working_set_since() offset 0) f
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
        select min(f.change_xid) from (select pr.change_xid from public.profiles pr where pr.updated_at >= public.working_set_since() offset 0) f
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
        select min(f.change_xid) from (select p.change_xid from public.prealerts p where p.updated_at >= public.working_set_since() offset 0) f
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
        select min(f.change_xid) from (select s.change_xid from public.shipments s where s.updated_at >= public.working_set_since() offset 0) f
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
