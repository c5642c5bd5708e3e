-- Issue 32, storage days and notifications.
--
-- 1. The plans' terms live in one table (src/business-rules/plans.ts is the device's copy, held equal
--    by tests/db/storage-days.test.ts), and the last free storage day in one function, a Miami
--    calendar day, that the reminders call; the admin report reads the table too.
-- 2. One notification per shipment event: the package status changes a shipment's step makes are
--    told by the shipment's own notification, not one per package.
-- 3. "Package arrived" only on a package's first arrival: a cancelled shipment putting its packages
--    back on the shelf tells nothing more.
-- 4. Storage reminders: none for packages in a requested or processing shipment, a missed day caught
--    up on the next run (each reminder once), and the days actually left in the payload.

create table public.plans (
  id text primary key,
  free_storage_days integer not null check (free_storage_days > 0),
  free_consolidation boolean not null
);

insert into public.plans (id, free_storage_days, free_consolidation) values
  ('basic', 30, false),
  ('standard', 45, true),
  ('premium', 60, true);

-- Read by everyone, written only by migrations.
revoke all on public.plans from anon, authenticated;
grant select on public.plans to anon, authenticated;
alter table public.plans enable row level security;
create policy "plans: everyone reads" on public.plans for select to anon, authenticated using (true);

-- The last free storage day of a package that arrived at p_arrived_at, for a customer on p_plan: the
-- Miami calendar day of its arrival plus the plan's free days.
create function public.storage_last_free_day(p_arrived_at timestamptz, p_plan text)
returns date
language sql
stable
set search_path = ''
as $$
  select (p_arrived_at at time zone 'America/New_York')::date + pl.free_storage_days
  from public.plans pl
  where pl.id = p_plan
$$;

-- For the reminders and the report, which run as the database owner.
revoke execute on function public.storage_last_free_day(timestamptz, text) from public, anon, authenticated;

-- A package's status event made by a shipment's step: the step names it md5(its op : the package).
create function public.is_shipment_step_event(p_event public.package_events, p_shipment_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.shipment_ops o
    where o.shipment_id = p_shipment_id
      and md5(o.op_id::text || ':' || p_event.package_id::text)::uuid = p_event.op_id)
$$;

revoke execute on function public.is_shipment_step_event(public.package_events, uuid) from public, anon, authenticated;

-- As in 20261127100000_notifications, plus: a received status that is not the package's first tells
-- nothing (a cancelled shipment returning it), nor does a status a shipment's step set.
create or replace function public.notify_package_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_prealert public.prealerts;
begin
  if new.outcome <> 'applied' or (new.status = 'recibido' and not new.first_of_status) then
    return null;
  end if;
  select * into v_package from public.packages p where p.id = new.package_id;
  if not found or v_package.deleted_at is not null then
    return null;
  end if;
  if v_package.shipment_id is not null and public.is_shipment_step_event(new, v_package.shipment_id) then
    return null;
  end if;
  if new.status = 'recibido' then
    select * into v_prealert from public.prealerts a where a.package_id = v_package.id order by a.updated_at desc limit 1;
  end if;
  insert into public.notifications (user_id, kind, payload, source)
  values (
    v_package.user_id,
    case when new.status = 'recibido' then 'package_received' else 'package_status' end,
    jsonb_build_object('package_id', v_package.id, 'tracking_code', v_package.tracking_code, 'status', new.status)
      || case when v_prealert.id is null then '{}'::jsonb
         else jsonb_build_object('prealert', jsonb_build_object('id', v_prealert.id, 'store', v_prealert.store, 'description', v_prealert.description)) end,
    'package_event:' || new.id)
  on conflict on constraint notifications_source_once do nothing;
  return null;
end
$$;

-- As in 20261128100000_push, but: the last free day from storage_last_free_day; packages in a
-- requested or processing shipment are leaving, not waiting; and a reminder is due on any day of its
-- window, not only on its exact day, so a day the job did not run is caught up on the next run while
-- the source (kind, package, last free day) still makes each reminder once. The payload says the
-- days left on the day it is made.
create or replace function public.notify_storage_endings(p_today date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (pg_catalog.now() at time zone 'America/New_York')::date);
  v_made integer;
begin
  with waiting as (
    select p.id, p.user_id, p.tracking_code,
      public.storage_last_free_day(coalesce(
        (select e.changed_at from public.package_events e
         where e.package_id = p.id and e.first_of_status and e.status = 'recibido'
         limit 1),
        p.created_at), pr.plan) as last_free_day
    from public.packages p
    join public.profiles pr on pr.id = p.user_id
    where p.status in ('recibido', 'disponible') and p.deleted_at is null
      and not exists (
        select 1 from public.shipments s
        where s.id = p.shipment_id and s.status in ('requested', 'processing'))
  ),
  due as (
    select w.*, w.last_free_day - v_today as days_left,
      case when w.last_free_day - v_today = 0 then 'storage_last_day' else 'storage_ending' end as kind
    from waiting w
    where w.last_free_day - v_today between 0 and 5
  )
  insert into public.notifications (user_id, kind, payload, source)
  select d.user_id, d.kind,
    jsonb_build_object('package_id', d.id, 'tracking_code', d.tracking_code, 'last_free_day', d.last_free_day, 'days_left', d.days_left),
    d.kind || ':' || d.id || ':' || d.last_free_day
  from due d
  on conflict on constraint notifications_source_once do nothing;
  get diagnostics v_made = row_count;
  return v_made;
end
$$;

-- As in 20261126110000_admin_reports, but the plans' free days from the plans table.
create or replace function public.admin_report(p_from date, p_to date, p_bucket text default 'day')
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set jit = off
set plan_cache_mode = force_custom_plan
as $$
declare
  v_zone constant text := 'America/New_York';
  -- The range as instants: from the first day's midnight in Miami to the midnight after the
  -- last day's. The indexes are searched by these, never by a day computed per row.
  v_start timestamptz;
  v_end timestamptz;
  -- The buckets: their first days, and the instants from which each counts (its first day's
  -- midnight, or p_from's for a first week that starts before the range). An event's bucket is
  -- found among these (width_bucket, a binary search) instead of converting every event's time
  -- to a date in Miami.
  v_starts date[];
  v_bounds timestamptz[];
  v_today date;
  v_report jsonb;
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'only admins can read reports' using errcode = '42501';
  end if;
  if p_from is null or p_to is null then
    raise exception 'the range needs a first and a last day' using errcode = '22023';
  end if;
  if p_from > p_to then
    raise exception 'the range starts after it ends' using errcode = '22023';
  end if;
  -- 400 days, both ends included: a year and then some, to compare a season with the last one.
  if p_to - p_from + 1 > 400 then
    raise exception 'a report covers at most 400 days' using errcode = '22023';
  end if;
  if p_bucket is null or p_bucket not in ('day', 'week') then
    raise exception 'the bucket is day or week' using errcode = '22023';
  end if;

  v_start := p_from::timestamp at time zone v_zone;
  v_end := (p_to + 1)::timestamp at time zone v_zone;
  v_today := (pg_catalog.now() at time zone v_zone)::date;
  select array_agg(b.day order by b.day),
    array_agg(greatest(b.day, p_from)::timestamp at time zone v_zone order by b.day)
  into v_starts, v_bounds
  from (
    select g::date as day
    from generate_series(
      case p_bucket when 'week' then date_trunc('week', p_from::timestamp) else p_from::timestamp end,
      p_to::timestamp,
      case p_bucket when 'week' then interval '1 week' else interval '1 day' end) as g
  ) b;

  with
  -- The first 'recibido', 'transito' and 'entregado' in the range, of packages not deleted: one
  -- range of an index each. Not materialized: read again where used (a few tens of
  -- milliseconds), the planner knows their statistics and joins them by hashing.
  received_in as not materialized (
    select e.package_id as id, e.changed_at
    from public.package_events e
    where e.first_of_status and e.status = 'recibido' and e.changed_at >= v_start and e.changed_at < v_end
      and not exists (select 1 from public.packages d where d.id = e.package_id and d.deleted_at is not null)
  ),
  shipped_in as not materialized (
    select e.package_id as id, e.changed_at
    from public.package_events e
    where e.first_of_status and e.status = 'transito' and e.changed_at >= v_start and e.changed_at < v_end
      and not exists (select 1 from public.packages d where d.id = e.package_id and d.deleted_at is not null)
  ),
  delivered_in as not materialized (
    select e.package_id as id, e.changed_at
    from public.package_events e
    where e.first_of_status and e.status = 'entregado' and e.changed_at >= v_start and e.changed_at < v_end
      and not exists (select 1 from public.packages d where d.id = e.package_id and d.deleted_at is not null)
  ),
  -- The arrivals in the range: first 'recibido' in it, or registered in it with no 'recibido' at
  -- all (looked up only for the packages registered in the range that have none in it: normally
  -- none).
  arrivals as materialized (
    select r.id, r.changed_at as arrived_at from received_in r
    union all
    select p.id, p.created_at
    from public.packages p
    where p.deleted_at is null and p.created_at >= v_start and p.created_at < v_end
      and not exists (select 1 from received_in r where r.id = p.id)
      and not exists (
        select 1 from public.package_events e
        where e.package_id = p.id and e.first_of_status and e.status = 'recibido')
  ),
  -- What happened, by bucket (1 for the first).
  counted as (
    select h.n,
      count(*) filter (where h.kind = 1) as received,
      count(*) filter (where h.kind = 2) as shipped,
      count(*) filter (where h.kind = 3) as delivered,
      count(*) filter (where h.kind = 4) as prealerted
    from (
      select 1 as kind, width_bucket(a.arrived_at, v_bounds) as n from arrivals a
      union all
      select 2, width_bucket(s.changed_at, v_bounds) from shipped_in s
      union all
      select 3, width_bucket(d.changed_at, v_bounds) from delivered_in d
      union all
      select 4, width_bucket(a.arrived_at, v_bounds) from arrivals a
      where exists (select 1 from public.prealerts pa where pa.package_id = a.id)
    ) h
    group by h.n
  ),
  -- Days from arrival to the first 'transito', for the packages shipped in the range. Most
  -- arrived in it too; the arrival of the others (days' worth of packages) is looked up.
  to_shipment as (
    select date_part('epoch', s.changed_at - coalesce(
        r.changed_at,
        (select e.changed_at from public.package_events e
         where e.package_id = s.id and e.first_of_status and e.status = 'recibido'
         limit 1),
        (select p.created_at from public.packages p where p.id = s.id)
      )) / 86400 as days
    from shipped_in s
    left join received_in r on r.id = s.id
  ),
  -- The snapshot: every package not delivered (nor deleted), with the day it arrived.
  open_now as materialized (
    select p.status, p.user_id,
      (coalesce(
        (select e.changed_at from public.package_events e
         where e.package_id = p.id and e.first_of_status and e.status = 'recibido'
         limit 1),
        p.created_at) at time zone v_zone)::date as arrived_on
    from public.packages p
    where p.status <> 'entregado' and p.deleted_at is null
  ),
  waiting as (
    select s.status, s.n,
      count(o.status) filter (where v_today - o.arrived_on <= 7) as days_0_7,
      count(o.status) filter (where v_today - o.arrived_on between 8 and 14) as days_8_14,
      count(o.status) filter (where v_today - o.arrived_on between 15 and 30) as days_15_30,
      count(o.status) filter (where v_today - o.arrived_on >= 31) as days_31_plus
    from unnest(array['recibido', 'consolidacion', 'transito', 'aduana', 'disponible']) with ordinality as s (status, n)
    left join open_now o on o.status = s.status
    group by s.status, s.n
  ),
  -- Free days left: 0 on the last free day, negative once it has passed.
  free_days as (
    select o.arrived_on + pl.free_storage_days - v_today as days_left
    from open_now o
    join public.profiles pr on pr.id = o.user_id
    join public.plans pl on pl.id = pr.plan
    where o.status in ('recibido', 'disponible')
  )
  select jsonb_build_object(
    'from', p_from,
    'to', p_to,
    'bucket', p_bucket,
    'time_zone', v_zone,
    'generated_at', pg_catalog.now(),
    'flow', (
      select jsonb_agg(jsonb_build_object(
          'start', b.start,
          'received', coalesce(c.received, 0),
          'shipped', coalesce(c.shipped, 0),
          'delivered', coalesce(c.delivered, 0),
          'prealerted', coalesce(c.prealerted, 0))
        order by b.n)
      from unnest(v_starts) with ordinality as b (start, n)
      left join counted c on c.n = b.n),
    'totals', (
      select jsonb_build_object(
        'received', coalesce(sum(c.received), 0),
        'shipped', coalesce(sum(c.shipped), 0),
        'delivered', coalesce(sum(c.delivered), 0),
        'prealerted', coalesce(sum(c.prealerted), 0))
      from counted c),
    'waiting', (
      select jsonb_agg(jsonb_build_object(
          'status', w.status,
          'days_0_7', w.days_0_7,
          'days_8_14', w.days_8_14,
          'days_15_30', w.days_15_30,
          'days_31_plus', w.days_31_plus)
        order by w.n)
      from waiting w),
    'to_shipment', (
      select jsonb_build_object(
        'count', q.count,
        'median_days', round(q.days[1]::numeric, 1),
        'p90_days', round(q.days[2]::numeric, 1))
      from (
        select count(*) as count, percentile_cont(array[0.5, 0.9]) within group (order by t.days) as days
        from to_shipment t
      ) q),
    'storage', (
      select jsonb_build_object(
        'ending_soon', count(*) filter (where st.days_left between 0 and 5),
        'ended', count(*) filter (where st.days_left < 0))
      from free_days st)
  )
  into v_report;

  return v_report;
end
$$;
