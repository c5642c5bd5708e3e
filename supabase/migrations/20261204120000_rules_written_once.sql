-- Rules written once (issue 45, "Rules that drift"). Each rule the device also applies has one
-- definition here, which every caller uses, and its device twin in src/business-rules is held equal
-- to it by a property test that calls these very functions:
--
-- 1. Storage ending: storage_countdowns is the one set of packages whose free storage counts down
--    (waiting at the warehouse, not leaving in a requested or processing shipment) with their days
--    left. The report counted packages in a requested or processing shipment that the reminders and
--    the admin's list leave out: it now counts what the reminders count.
--    (Device: storageDaysLeft and isStorageEnding; tests/db/storage-days.test.ts.)
-- 2. Free consolidation: shipment_price reads plans.free_consolidation instead of naming the basic
--    plan. (Device: planTerms, held equal to the table by tests/db/storage-days.test.ts.)
--
-- The redefined functions are the live definitions (after 20261203100000_refusal_keys) with only
-- these changes.

-- 1. Storage ending.

-- The packages whose free storage counts down on p_today: at the warehouse (received or available),
-- not deleted, and not leaving in a requested or processing shipment. Each with its last free day
-- (storage_last_free_day: the Miami day of its arrival, its first 'recibido' or else its
-- registration, plus its owner's plan's free days), the days left (0 on the last free day, negative
-- once it has passed) and whether its storage is ending (in its last 5 days, or past them). The
-- report's figure and the reminders read it; the database owner's alone (they are SECURITY DEFINER).
create function public.storage_countdowns(p_today date)
returns table (package_id uuid, user_id uuid, tracking_code text, last_free_day date, days_left integer, ending boolean)
language sql
stable
set search_path = ''
as $$
  select c.id, c.user_id, c.tracking_code, c.last_free_day, c.last_free_day - p_today, c.last_free_day - p_today <= 5
  from (
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
  ) c
$$;

revoke execute on function public.storage_countdowns(date) from public, anon, authenticated;

-- As in 20261203100000_refusal_keys, but the waiting packages and their days left are
-- storage_countdowns'. A reminder is due while the storage is ending, up to 5 days after the last
-- free day (a missed run is caught up).
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
  with due as (
    select c.*, case when c.days_left <= 0 then 'storage_last_day' else 'storage_ending' end as kind
    from public.storage_countdowns(v_today) c
    where c.ending and c.days_left >= -5
  )
  insert into public.notifications (user_id, kind, payload, source)
  select d.user_id, d.kind,
    jsonb_build_object('package_id', d.package_id, 'tracking_code', d.tracking_code, 'last_free_day', d.last_free_day, 'days_left', d.days_left),
    d.kind || ':' || d.package_id || ':' || d.last_free_day
  from due d
  on conflict on constraint notifications_source_once do nothing;
  get diagnostics v_made = row_count;
  return v_made;
end
$$;

-- As in 20261203100000_refusal_keys, but the storage figure counts storage_countdowns: packages
-- leaving in a requested or processing shipment are no longer "ending".
create or replace function public.admin_report(p_from date, p_to date, p_bucket text default 'day')
returns jsonb
language plpgsql
stable SECURITY DEFINER
set search_path = ''
set jit = 'off'
set plan_cache_mode = 'force_custom_plan'
as $function$
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
    raise exception 'only admins can read reports' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_from is null or p_to is null then
    raise exception 'the range needs a first and a last day' using errcode = '22023', hint = 'report_range_needed';
  end if;
  if p_from > p_to then
    raise exception 'the range starts after it ends' using errcode = '22023', hint = 'report_range_reversed',
      detail = jsonb_build_object('from', p_from, 'to', p_to)::text;
  end if;
  -- 400 days, both ends included: a year and then some, to compare a season with the last one.
  if p_to - p_from + 1 > 400 then
    raise exception 'a report covers at most 400 days' using errcode = '22023', hint = 'report_too_long',
      detail = jsonb_build_object('max_days', 400)::text;
  end if;
  if p_bucket is null or p_bucket not in ('day', 'week') then
    raise exception 'the bucket is day or week' using errcode = '22023', hint = 'bad_request';
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
    select p.status,
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
    -- Free storage ending (in its last days, the last one included) or ended, as the reminders count it.
    'storage', (
      select jsonb_build_object(
        'ending_soon', count(*) filter (where c.ending and c.days_left >= 0),
        'ended', count(*) filter (where c.days_left < 0))
      from public.storage_countdowns(v_today) c)
  )
  into v_report;

  return v_report;
end
$function$;

-- 2. Free consolidation: as in 20261203100000_refusal_keys, but whether the plan consolidates for
-- free is the plans table's to say.
create or replace function public.shipment_price(p_plan text, p_actual_lb numeric, p_volumetric_lb numeric, p_service text, p_insurance boolean, p_declared_total_cents bigint, p_package_count integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $function$
declare
  v_billable_lb bigint := greatest(1, ceil(greatest(coalesce(p_actual_lb, 0), coalesce(p_volumetric_lb, 0)) - 0.000000001));
  v_cents_per_lb bigint := public.rate_value(p_plan || '_cents_per_lb');
  v_freight bigint;
  v_express bigint := case when p_service = 'express' then public.rate_value('express_cents') else 0 end;
  v_insurance bigint := case when p_insurance
    then round(coalesce(p_declared_total_cents, 0) * public.rate_value('insurance_percent') / 100) else 0 end;
  v_consolidation bigint := case when p_package_count >= 2
      and exists (select 1 from public.plans pl where pl.id = p_plan and not pl.free_consolidation)
    then public.rate_value('consolidation_basic_cents') else 0 end;
begin
  if v_cents_per_lb is null then
    raise exception 'no price per pound for plan %', p_plan using errcode = '22023', hint = 'unknown_plan',
      detail = jsonb_build_object('plan', p_plan)::text;
  end if;
  v_freight := v_billable_lb * v_cents_per_lb;
  return jsonb_build_object(
    'billable_lb', v_billable_lb,
    'cents_per_lb', v_cents_per_lb,
    'freight_cents', v_freight,
    'express_cents', v_express,
    'insurance_cents', v_insurance,
    'consolidation_cents', v_consolidation,
    'total_cents', v_freight + v_express + v_insurance + v_consolidation
  );
end
$function$;

