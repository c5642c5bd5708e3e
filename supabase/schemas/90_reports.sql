-- The admin's reports: how packages flowed through the warehouse over a range of days (received,
-- shipped, delivered, and how many of those received had been prealerted), how long they waited before
-- leaving, and what waits now (by status and age, and whose free storage is ending).
--
-- The rules are the app's (src/business-rules/storage.ts and the plans table): a package arrived at its
-- first 'recibido' event (the first in recorded order, as the app reads a package's events), or when it
-- was registered if it has none (a package registered in a later status); it waits while 'recibido' or
-- 'disponible'; whose free storage counts down, and until when, is storage_countdowns' (the reminders'
-- rule: a package leaving in a requested or processing shipment does not count). Only applied
-- events count (a superseded one never became the package's status), and deleted packages (deleted_at
-- set) count nowhere.
--
-- Days are calendar days in America/New_York, where the warehouse is (Miami): an event at t falls on
-- (t at time zone 'America/New_York')::date, whatever the admin's device or the session says.
--
-- At a million packages and four million events, a report cannot look up each package's history: a
-- 90-day range meets some 150,000 packages, and a lookup each takes seconds. So every event says, from
-- the moment it is recorded, whether it is its package's first applied event with its status
-- (package_events.first_of_status), and the report reads ranges of small indexes (20_packages.sql):
--   * the flow: the first 'recibido', 'transito' and 'entregado' of the range, by (status, changed_at);
--     the deleted packages, an index of those alone; the packages registered in the range (by
--     created_at) that have no first 'recibido' in it, normally none, looked up one by one;
--   * the days to shipment: the packages shipped in the range, with their arrival from the range's or,
--     for the few that arrived before it, looked up one by one;
--   * the snapshot: the packages not delivered, an index of those alone, each with its first 'recibido'
--     looked up (the packages at the warehouse or on their way, not the history).
-- Nothing reads the delivered history outside the range.
--
-- Admins only (the service role counts as one, as in the pulls). SECURITY DEFINER after that check:
-- admins read every row anyway, and under RLS each of the range's events would also be checked against
-- the customers' policy (a lookup of its package per event).
--
-- Result (keys the admin's reports page reads):
--   from, to (dates), bucket ('day' or 'week'), time_zone, generated_at (now()),
--   flow: per bucket, ascending, every bucket present: start (its first day; a week starts on Monday,
--     the first one on or before p_from), received (packages whose arrival falls in it), shipped (first
--     'transito': the package left the warehouse), delivered (first 'entregado'), prealerted (of those
--     received in it, the ones a prealert was matched to); only days from p_from to p_to count, also in
--     a first or last week that sticks out of the range;
--   totals: the flow's sums;
--   waiting: now, the packages not delivered, per status in the order they take, by calendar days
--     since arrival (0-7, 8-14, 15-30, 31 and more);
--   to_shipment: the packages shipped in the range: count, median and 90th percentile of the days
--     (elapsed time, one decimal) from arrival to their first 'transito'; null when none;
--   storage: now, the packages whose storage counts down with 0 to 5 free days left (ending_soon) and
--     past their last free day (ended);
--   money: per calendar month touching the range, ascending, the ledger's lines posted in the range's
--     days: month (its first day), charges_cents, payments_cents, refunds_cents (report_money_months,
--     96_money.sql).
--
-- jit off: the plans' costs are those of big scans, so PostgreSQL would compile them, and at these
-- sizes compiling takes longer than running (seconds against a fraction of one). Custom plans always: a
-- plan made for any range (as a cached generic one is) cannot tell a week from a year, and picks lookups
-- one by one where a range needs a scan.
create or replace function public.admin_report(p_from date, p_to date, p_bucket text default 'day')
returns jsonb
language plpgsql
stable SECURITY DEFINER
set search_path = ''
set jit = 'off'
set plan_cache_mode = 'force_custom_plan'
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
      from public.storage_countdowns(v_today) c),
    'money', public.report_money_months(p_from, p_to)
  )
  into v_report;

  return v_report;
end
$$;

revoke execute on function public.admin_report(date, date, text) from public, anon;
grant execute on function public.admin_report(date, date, text) to authenticated, service_role;
