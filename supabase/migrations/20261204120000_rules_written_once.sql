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
-- 3. Pounds: metric_weights is the one conversion from kilograms and cubic centimetres; the estimate
--    (package_weights, for request_shipment and set_shipment_packages) and the final charge
--    (box_weights, for advance_shipment) go through it. (Device: shipment-weights.ts;
--    tests/db/price-parity.test.ts.)
-- 4. The packages of a shipment request: 1 to 20, in shipment_package_ids_input, which both
--    request_shipment and set_shipment_packages call. (Device: shipmentLimits;
--    tests/db/shipment-limits.test.ts.)
-- 5. The weighed box: shipment_box_input, which advance_shipment calls. (Device: validateBox;
--    tests/db/shipment-limits.test.ts.)
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

-- 3. Pounds.

-- Weights in pounds from kilograms and cubic centimetres: kg × 2.20462, and cm³ / the volumetric
-- divisor × 2.20462, in this order (numeric rounds the quotient, and the billable pound can depend
-- on its last digit). Every price's weights come from here (the device's metricWeights).
create function public.metric_weights(p_weight_kg numeric, p_volume_cm3 numeric, out actual_lb numeric, out volumetric_lb numeric)
language sql
stable
set search_path = ''
as $$
  select p_weight_kg * 2.20462, p_volume_cm3 / public.rate_value('volumetric_cm3_per_kg') * 2.20462
$$;

-- The packages as the warehouse recorded them, summed (one without a measure counts 0): what an
-- estimate prices (packageWeights).
create function public.package_weights(p_package_ids uuid[], out actual_lb numeric, out volumetric_lb numeric)
language sql
stable
set search_path = ''
as $$
  select w.actual_lb, w.volumetric_lb
  from (
    select coalesce(sum(p.weight_kg), 0) as weight_kg, coalesce(sum(p.volume_m3), 0) * 1000000 as volume_cm3
    from public.packages p
    where p.id = any(p_package_ids)
  ) s
  cross join lateral public.metric_weights(s.weight_kg, s.volume_cm3) w
$$;

-- The box as weighed and measured: what the final charge prices (boxWeights).
create function public.box_weights(p_weight_kg numeric, p_length_cm numeric, p_width_cm numeric, p_height_cm numeric,
  out actual_lb numeric, out volumetric_lb numeric)
language sql
stable
set search_path = ''
as $$
  select w.actual_lb, w.volumetric_lb from public.metric_weights(p_weight_kg, p_length_cm * p_width_cm * p_height_cm) w
$$;

revoke execute on function public.metric_weights(numeric, numeric) from public, anon, authenticated;
revoke execute on function public.package_weights(uuid[]) from public, anon, authenticated;
revoke execute on function public.box_weights(numeric, numeric, numeric, numeric) from public, anon, authenticated;

-- 4. The packages of a shipment request, or of a change to one: 1 to 20, none missing, none
-- twice. Returns them in id order (the order they are locked in).
create function public.shipment_package_ids_input(p_package_ids uuid[])
returns uuid[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_package_ids uuid[];
begin
  if p_package_ids is null or coalesce(cardinality(p_package_ids), 0) not between 1 and 20
    or array_position(p_package_ids, null) is not null then
    raise exception 'p_package_ids must list 1 to 20 packages' using errcode = '22023', hint = 'package_count',
      detail = jsonb_build_object('min', 1, 'max', 20)::text;
  end if;
  select array_agg(distinct i order by i) into v_package_ids from unnest(p_package_ids) i;
  if cardinality(v_package_ids) <> cardinality(p_package_ids) then
    raise exception 'p_package_ids must not list a package twice' using errcode = '22023', hint = 'bad_request';
  end if;
  return v_package_ids;
end
$$;

revoke execute on function public.shipment_package_ids_input(uuid[]) from public, anon, authenticated;

-- 5. The weighed box (advance_shipment's details when it asks for the customer's approval): only
-- weight_kg, length_cm, width_cm and height_cm; more than 0 kg and at most the max_weight_kg rate, with
-- at most 2 decimals; each side more than 0 cm with at most 1 decimal, and the three adding up to at
-- most the max_linear_in rate in centimetres. (Device: validateBox; tests/db/shipment-limits.test.ts.)
create function public.shipment_box_input(p_details jsonb,
  out weight_kg numeric, out length_cm numeric, out width_cm numeric, out height_cm numeric)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_key text;
  v_max_weight numeric;
  v_max_linear_cm numeric;
begin
  for v_key in select k from jsonb_object_keys(p_details) k order by k loop
    if v_key not in ('weight_kg', 'length_cm', 'width_cm', 'height_cm') then
      raise exception 'p_details.% is not a detail of the box (weight_kg, length_cm, width_cm, height_cm)', v_key using errcode = '22023', hint = 'bad_request';
    end if;
  end loop;
  v_max_weight := public.rate_value('max_weight_kg');
  v_max_linear_cm := public.rate_value('max_linear_in') * 2.54;
  weight_kg := case when jsonb_typeof(p_details -> 'weight_kg') = 'number' then (p_details ->> 'weight_kg')::numeric end;
  if weight_kg is null or not weight_kg > 0 or weight_kg > v_max_weight or weight_kg <> round(weight_kg, 2) then
    raise exception 'p_details.weight_kg must be more than 0 and at most % kg, with at most 2 decimals', trim_scale(v_max_weight)
      using errcode = '22023', hint = 'weight_out_of_range',
    detail = jsonb_build_object('max_kg', trim_scale(v_max_weight))::text;
  end if;
  length_cm := case when jsonb_typeof(p_details -> 'length_cm') = 'number' then (p_details ->> 'length_cm')::numeric end;
  width_cm := case when jsonb_typeof(p_details -> 'width_cm') = 'number' then (p_details ->> 'width_cm')::numeric end;
  height_cm := case when jsonb_typeof(p_details -> 'height_cm') = 'number' then (p_details ->> 'height_cm')::numeric end;
  if length_cm is null or not length_cm > 0 or length_cm <> round(length_cm, 1) then
    raise exception 'p_details.length_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023', hint = 'side_out_of_range',
    detail = jsonb_build_object('side', 'length')::text;
  end if;
  if width_cm is null or not width_cm > 0 or width_cm <> round(width_cm, 1) then
    raise exception 'p_details.width_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023', hint = 'side_out_of_range',
    detail = jsonb_build_object('side', 'width')::text;
  end if;
  if height_cm is null or not height_cm > 0 or height_cm <> round(height_cm, 1) then
    raise exception 'p_details.height_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023', hint = 'side_out_of_range',
    detail = jsonb_build_object('side', 'height')::text;
  end if;
  if length_cm + width_cm + height_cm > v_max_linear_cm then
    raise exception 'p_details: length_cm + width_cm + height_cm must be at most % cm (% in)',
      trim_scale(v_max_linear_cm), trim_scale(public.rate_value('max_linear_in')) using errcode = '22023', hint = 'size_out_of_range',
    detail = jsonb_build_object('max_cm', trim_scale(v_max_linear_cm), 'max_in', trim_scale(public.rate_value('max_linear_in')))::text;
  end if;
end
$$;

revoke execute on function public.shipment_box_input(jsonb) from public, anon, authenticated;

-- The callers, as in 20261203100000_refusal_keys but for the calls above.

create or replace function public.request_shipment(p_op_id uuid, p_shipment_id uuid, p_package_ids uuid[], p_service text, p_options jsonb, p_items jsonb, p_address jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_uid uuid := auth.uid();
  v_package_ids uuid[];
  v_options jsonb;
  v_items jsonb;
  v_address jsonb;
  v_declared_total_cents bigint;
  v_op public.shipment_ops;
  v_id uuid;
  v_package public.packages;
  v_open boolean;
  v_plan text;
  v_actual_lb numeric;
  v_volumetric_lb numeric;
  v_estimate jsonb;
  v_shipment public.shipments;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to request a shipment' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_shipment_id is null then
    raise exception 'p_op_id and p_shipment_id are required' using errcode = '22004', hint = 'bad_request';
  end if;
  v_package_ids := public.shipment_package_ids_input(p_package_ids);
  if p_service is null or p_service not in ('standard', 'express') then
    raise exception 'p_service must be standard or express' using errcode = '22023', hint = 'bad_request';
  end if;
  v_options := public.shipment_options_input(p_options);
  v_items := public.shipment_items_input(p_items);
  v_address := public.shipment_address_input(p_address);
  select sum((i ->> 'quantity')::bigint * (i ->> 'unit_value_cents')::bigint) into v_declared_total_cents
  from jsonb_array_elements(v_items) i;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'request', jsonb_build_object(
    'package_ids', to_jsonb(v_package_ids), 'service', p_service, 'options', v_options,
    'items', v_items, 'address', v_address));
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
    end if;
    return public.shipment_json(v_shipment);
  end if;

  if exists (select 1 from public.shipments s where s.id = p_shipment_id) then
    raise exception 'shipment % already exists', p_shipment_id using errcode = 'PT409', hint = 'shipment_exists',
      detail = jsonb_build_object('shipment', p_shipment_id)::text;
  end if;

  perform 1 from public.packages p where p.id = any(v_package_ids) order by p.id for update;
  foreach v_id in array v_package_ids loop
    select * into v_package from public.packages p where p.id = v_id;
    if not found or v_package.user_id <> v_uid or v_package.deleted_at is not null then
      raise exception 'p_package_ids: package % was not found', v_id using errcode = '22023', hint = 'package_not_found',
      detail = jsonb_build_object('package', v_id)::text;
    end if;
    select s.status not in ('cancelled', 'delivered') into v_open from public.shipments s where s.id = v_package.shipment_id;
    if coalesce(v_open, false) then
      raise exception 'p_package_ids: package % is already in a shipment', coalesce(v_package.tracking_code, v_id::text)
        using errcode = '22023', hint = 'package_in_shipment',
      detail = jsonb_build_object('code', coalesce(v_package.tracking_code, v_id::text))::text;
    end if;
    if v_package.status <> 'recibido' then
      raise exception 'p_package_ids: package % is not at the warehouse', coalesce(v_package.tracking_code, v_id::text)
        using errcode = '22023', hint = 'package_not_at_warehouse',
      detail = jsonb_build_object('code', coalesce(v_package.tracking_code, v_id::text))::text;
    end if;
  end loop;

  -- The estimate: the packages' weights and volumes as registered (a package without one
  -- counts 0), priced at the caller's plan.
  select pr.plan into v_plan from public.profiles pr where pr.id = v_uid;
  select w.actual_lb, w.volumetric_lb into v_actual_lb, v_volumetric_lb
  from public.package_weights(v_package_ids) w;
  v_estimate := public.shipment_price(v_plan, v_actual_lb, v_volumetric_lb, p_service,
    (v_options ->> 'insurance')::boolean, v_declared_total_cents, cardinality(v_package_ids));

  insert into public.shipments (id, user_id, status, service, options, address, declared_total_cents, estimate_cents, estimate)
  values (p_shipment_id, v_uid, 'requested', p_service, v_options, v_address, v_declared_total_cents,
    (v_estimate ->> 'total_cents')::bigint, v_estimate)
  on conflict (id) do nothing
  returning * into v_shipment;
  if v_shipment.id is null then
    -- Created by a concurrent request under another op since we looked.
    raise exception 'shipment % already exists', p_shipment_id using errcode = 'PT409', hint = 'shipment_exists',
      detail = jsonb_build_object('shipment', p_shipment_id)::text;
  end if;

  insert into public.shipment_items (shipment_id, position, description, quantity, unit_value_cents)
  select p_shipment_id, i.ordinality, i.value ->> 'description', (i.value ->> 'quantity')::integer,
    (i.value ->> 'unit_value_cents')::bigint
  from jsonb_array_elements(v_items) with ordinality i;

  insert into public.shipment_events (shipment_id, status, actor, changed_at)
  values (p_shipment_id, 'requested', v_uid, now());

  update public.packages set shipment_id = p_shipment_id where id = any(v_package_ids);

  return public.shipment_json(v_shipment);
end
$function$;


create or replace function public.set_shipment_packages(p_op_id uuid, p_shipment_id uuid, p_package_ids uuid[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_uid uuid := auth.uid();
  v_package_ids uuid[];
  v_op public.shipment_ops;
  v_shipment public.shipments;
  v_id uuid;
  v_package public.packages;
  v_open boolean;
  v_plan text;
  v_actual_lb numeric;
  v_volumetric_lb numeric;
  v_estimate jsonb;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to change a shipment' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_shipment_id is null then
    raise exception 'p_op_id and p_shipment_id are required' using errcode = '22004', hint = 'bad_request';
  end if;
  v_package_ids := public.shipment_package_ids_input(p_package_ids);

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'set_packages',
    jsonb_build_object('package_ids', to_jsonb(v_package_ids)));
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
    end if;
    return public.shipment_json(v_shipment);
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found or v_shipment.user_id <> v_uid then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if v_shipment.status <> 'requested' then
    raise exception 'a shipment that is % cannot change its packages', v_shipment.status using errcode = '22023', hint = 'shipment_packages_locked',
      detail = jsonb_build_object('status', v_shipment.status)::text;
  end if;

  -- The packages leaving and joining, locked in id order as request_shipment locks them.
  perform 1 from public.packages p
  where p.id = any(v_package_ids) or p.shipment_id = p_shipment_id
  order by p.id for update;
  foreach v_id in array v_package_ids loop
    select * into v_package from public.packages p where p.id = v_id;
    if not found or v_package.user_id <> v_uid or v_package.deleted_at is not null then
      raise exception 'p_package_ids: package % was not found', v_id using errcode = '22023', hint = 'package_not_found',
      detail = jsonb_build_object('package', v_id)::text;
    end if;
    continue when v_package.shipment_id = p_shipment_id;
    select s.status not in ('cancelled', 'delivered') into v_open from public.shipments s where s.id = v_package.shipment_id;
    if coalesce(v_open, false) then
      raise exception 'p_package_ids: package % is already in a shipment', coalesce(v_package.tracking_code, v_id::text)
        using errcode = '22023', hint = 'package_in_shipment',
      detail = jsonb_build_object('code', coalesce(v_package.tracking_code, v_id::text))::text;
    end if;
    if v_package.status <> 'recibido' then
      raise exception 'p_package_ids: package % is not at the warehouse', coalesce(v_package.tracking_code, v_id::text)
        using errcode = '22023', hint = 'package_not_at_warehouse',
      detail = jsonb_build_object('code', coalesce(v_package.tracking_code, v_id::text))::text;
    end if;
  end loop;

  update public.packages set shipment_id = null where shipment_id = p_shipment_id and id <> all(v_package_ids);
  update public.packages set shipment_id = p_shipment_id where id = any(v_package_ids);

  select pr.plan into v_plan from public.profiles pr where pr.id = v_uid;
  select w.actual_lb, w.volumetric_lb into v_actual_lb, v_volumetric_lb
  from public.package_weights(v_package_ids) w;
  v_estimate := public.shipment_price(v_plan, v_actual_lb, v_volumetric_lb, v_shipment.service,
    (v_shipment.options ->> 'insurance')::boolean, v_shipment.declared_total_cents, cardinality(v_package_ids));

  -- A new version of the shipment even when the price stays: its packages changed.
  update public.shipments
  set estimate_cents = (v_estimate ->> 'total_cents')::bigint, estimate = v_estimate
  where id = p_shipment_id
  returning * into v_shipment;
  return public.shipment_json(v_shipment);
end
$function$;


create or replace function public.advance_shipment(p_op_id uuid, p_shipment_id uuid, p_status text, p_base_version bigint, p_changed_at timestamp with time zone, p_details jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_details jsonb := coalesce(p_details, '{}'::jsonb);
  v_op public.shipment_ops;
  v_shipment public.shipments;
  v_from text;
  v_key text;
  v_changed_at timestamptz := coalesce(p_changed_at, now());
  v_weight numeric;
  v_length numeric;
  v_width numeric;
  v_height numeric;
  v_carrier text;
  v_tracking text;
  v_reason text;
  v_plan text;
  v_actual_lb numeric;
  v_volumetric_lb numeric;
  v_final jsonb;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can advance a shipment' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_op_id is null or p_shipment_id is null or p_base_version is null then
    raise exception 'p_op_id, p_shipment_id and p_base_version are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if p_changed_at > now() + interval '5 minutes' then
    raise exception 'changed_at % is more than 5 minutes ahead of the server''s clock (%): check the device''s date and time',
      p_changed_at, now() using errcode = '22023', hint = 'clock_ahead',
      detail = jsonb_build_object('changed_at', p_changed_at, 'server_time', now())::text;
  end if;
  if p_status is null or p_status not in (
      'requested', 'processing', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered', 'cancelled') then
    raise exception 'p_status must be one of requested, processing, awaiting_approval, approved, shipped, in_customs, ready, delivered, cancelled'
      using errcode = '22023', hint = 'bad_request';
  end if;
  if jsonb_typeof(v_details) <> 'object' then
    raise exception 'p_details must be a JSON object' using errcode = '22023', hint = 'bad_request';
  end if;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'advance', jsonb_build_object(
    'status', p_status, 'base_version', p_base_version,
    'changed_at', extract(epoch from p_changed_at), 'details', v_details));
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
    end if;
    return jsonb_build_object('outcome', v_op.outcome, 'shipment', public.shipment_json(v_shipment));
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if v_shipment.version <> p_base_version then
    update public.shipment_ops set outcome = 'superseded' where op_id = p_op_id;
    return jsonb_build_object('outcome', 'superseded', 'shipment', public.shipment_json(v_shipment));
  end if;

  v_from := v_shipment.status;
  if not ((v_from, p_status) in (
      ('requested', 'processing'), ('processing', 'awaiting_approval'), ('awaiting_approval', 'processing'),
      ('approved', 'shipped'), ('shipped', 'in_customs'), ('in_customs', 'ready'), ('ready', 'delivered'))
    or (p_status = 'cancelled' and v_from in ('requested', 'processing', 'awaiting_approval', 'approved'))) then
    raise exception 'a shipment that is % cannot become %', v_from, p_status using errcode = '22023', hint = 'shipment_step_not_allowed',
      detail = jsonb_build_object('from', v_from, 'to', p_status)::text;
  end if;

  if p_status = 'awaiting_approval' then
    select b.weight_kg, b.length_cm, b.width_cm, b.height_cm into v_weight, v_length, v_width, v_height
    from public.shipment_box_input(v_details) b;
    select pr.plan into v_plan from public.profiles pr where pr.id = v_shipment.user_id;
    select w.actual_lb, w.volumetric_lb into v_actual_lb, v_volumetric_lb
    from public.box_weights(v_weight, v_length, v_width, v_height) w;
    v_final := public.shipment_price(v_plan, v_actual_lb, v_volumetric_lb,
      v_shipment.service, (v_shipment.options ->> 'insurance')::boolean, v_shipment.declared_total_cents,
      jsonb_array_length(public.shipment_package_ids(p_shipment_id)));
    update public.shipments
    set status = p_status, weight_kg = v_weight, length_cm = v_length, width_cm = v_width, height_cm = v_height,
      final_cents = (v_final ->> 'total_cents')::bigint, final = v_final
    where id = p_shipment_id
    returning * into v_shipment;

  elsif v_from = 'awaiting_approval' and p_status = 'processing' then
    for v_key in select k from jsonb_object_keys(v_details) k order by k loop
      if v_key <> 'reason' then
        raise exception 'p_details.% is not a detail of weighing again (reason)', v_key using errcode = '22023', hint = 'bad_request';
      end if;
    end loop;
    v_reason := case when jsonb_typeof(v_details -> 'reason') = 'string' then public.trim_whitespace(v_details ->> 'reason') end;
    if coalesce(char_length(v_reason), 0) not between 1 and 500 then
      raise exception 'p_details.reason must be 1 to 500 characters' using errcode = '22023', hint = 'reweigh_reason_needed',
      detail = jsonb_build_object('max', 500)::text;
    end if;
    update public.shipments
    set status = p_status, weight_kg = null, length_cm = null, width_cm = null, height_cm = null, final_cents = null, final = null
    where id = p_shipment_id
    returning * into v_shipment;

  elsif p_status = 'shipped' then
    for v_key in select k from jsonb_object_keys(v_details) k order by k loop
      if v_key not in ('carrier', 'tracking') then
        raise exception 'p_details.% is not a detail of the dispatch (carrier, tracking)', v_key using errcode = '22023', hint = 'bad_request';
      end if;
    end loop;
    v_carrier := case when jsonb_typeof(v_details -> 'carrier') = 'string' then public.trim_whitespace(v_details ->> 'carrier') end;
    if coalesce(char_length(v_carrier), 0) not between 1 and 60 then
      raise exception 'p_details.carrier must be 1 to 60 characters' using errcode = '22023', hint = 'carrier_length',
      detail = jsonb_build_object('max', 60)::text;
    end if;
    v_tracking := case when jsonb_typeof(v_details -> 'tracking') = 'string' then public.trim_whitespace(v_details ->> 'tracking') end;
    if v_tracking is null or v_tracking !~ '^[A-Za-z0-9-]{4,60}$' then
      raise exception 'p_details.tracking must be 4 to 60 characters: letters A-Z, digits 0-9 and -' using errcode = '22023', hint = 'dispatch_tracking_invalid';
    end if;
    update public.shipments set status = p_status, carrier = v_carrier, outbound_tracking = v_tracking
    where id = p_shipment_id
    returning * into v_shipment;

  else
    if v_details <> '{}'::jsonb then
      raise exception 'p_details must be empty when a shipment goes from % to %', v_from, p_status using errcode = '22023', hint = 'bad_request';
    end if;
    update public.shipments set status = p_status where id = p_shipment_id returning * into v_shipment;
  end if;

  perform public.shipment_status_follows(p_shipment_id, p_status, p_op_id, v_changed_at);
  if v_final is not null or v_reason is not null then
    update public.shipment_events
    set final_cents = (v_final ->> 'total_cents')::bigint, final = v_final, reason = v_reason
    where id = (select max(e.id) from public.shipment_events e where e.shipment_id = p_shipment_id);
  end if;
  update public.shipment_ops set outcome = 'applied' where op_id = p_op_id;
  return jsonb_build_object('outcome', 'applied', 'shipment', public.shipment_json(v_shipment));
end
$function$;
