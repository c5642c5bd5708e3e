-- Refusals by key. Every exception a caller can meet carries a stable key in its HINT and the values
-- its text needs as JSON in its DETAIL (PostgREST answers them as `hint` and `details`); the app
-- translates by key (src/components/refusals), so the English message is free to change: it is
-- what a developer reads in logs. SQLSTATEs stay as they were. Check-constraint violations are
-- keyed by their constraint's name, which is as stable.
--
-- The functions below are the live definitions (as the catalog held them after
-- 20261202110000_content_editor), unchanged but for the hint and detail of each raise. The content
-- editor's functions already raise with keys and are not repeated.

create or replace function public.add_package_photo(p_package_id uuid, p_path text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_package public.packages;
  v_previous bigint;
  v_photos jsonb;
begin
  if not public.is_admin() then
    raise exception 'only admins can add photos to a package' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_path is null or p_path !~ ('^' || p_package_id::text || '/[0-9a-f-]{36}\.jpg$') then
    raise exception 'a package photo is stored as <package id>/<photo id>.jpg, not %', p_path using errcode = '22023', hint = 'bad_file_path',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  select * into v_package from public.packages where id = p_package_id and deleted_at is null for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'PT404', hint = 'package_not_found',
      detail = jsonb_build_object('package', p_package_id)::text;
  end if;
  if public.stored_object_type('package-photos', p_path) is null then
    raise exception 'photo % has not been uploaded', p_path using errcode = 'PT404', hint = 'file_not_uploaded',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  v_previous := v_package.version;
  v_photos := case when jsonb_typeof(v_package.meta -> 'photos') = 'array' then v_package.meta -> 'photos' else '[]'::jsonb end;
  if not v_photos @> jsonb_build_array(p_path) then
    if jsonb_array_length(v_photos) >= 20 then
      raise exception 'a package has at most 20 photos' using errcode = '22023', hint = 'too_many_photos',
      detail = jsonb_build_object('max', 20)::text;
    end if;
    update public.packages
    set meta = coalesce(meta, '{}'::jsonb) || jsonb_build_object('photos', v_photos || jsonb_build_array(p_path))
    where id = p_package_id
    returning * into v_package;
  end if;
  return jsonb_build_object('package', public.package_json(v_package), 'previous_version', v_previous);
end
$function$;


create or replace function public.admin_report(p_from date, p_to date, p_bucket text DEFAULT 'day'::text)
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
  v_max_weight numeric;
  v_max_linear_cm numeric;
  v_carrier text;
  v_tracking text;
  v_reason text;
  v_plan text;
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
    for v_key in select k from jsonb_object_keys(v_details) k order by k loop
      if v_key not in ('weight_kg', 'length_cm', 'width_cm', 'height_cm') then
        raise exception 'p_details.% is not a detail of the box (weight_kg, length_cm, width_cm, height_cm)', v_key using errcode = '22023', hint = 'bad_request';
      end if;
    end loop;
    v_max_weight := public.rate_value('max_weight_kg');
    v_max_linear_cm := public.rate_value('max_linear_in') * 2.54;
    v_weight := case when jsonb_typeof(v_details -> 'weight_kg') = 'number' then (v_details ->> 'weight_kg')::numeric end;
    if v_weight is null or not v_weight > 0 or v_weight > v_max_weight or v_weight <> round(v_weight, 2) then
      raise exception 'p_details.weight_kg must be more than 0 and at most % kg, with at most 2 decimals', trim_scale(v_max_weight)
        using errcode = '22023', hint = 'weight_out_of_range',
      detail = jsonb_build_object('max_kg', trim_scale(v_max_weight))::text;
    end if;
    v_length := case when jsonb_typeof(v_details -> 'length_cm') = 'number' then (v_details ->> 'length_cm')::numeric end;
    v_width := case when jsonb_typeof(v_details -> 'width_cm') = 'number' then (v_details ->> 'width_cm')::numeric end;
    v_height := case when jsonb_typeof(v_details -> 'height_cm') = 'number' then (v_details ->> 'height_cm')::numeric end;
    if v_length is null or not v_length > 0 or v_length <> round(v_length, 1) then
      raise exception 'p_details.length_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023', hint = 'side_out_of_range',
      detail = jsonb_build_object('side', 'length')::text;
    end if;
    if v_width is null or not v_width > 0 or v_width <> round(v_width, 1) then
      raise exception 'p_details.width_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023', hint = 'side_out_of_range',
      detail = jsonb_build_object('side', 'width')::text;
    end if;
    if v_height is null or not v_height > 0 or v_height <> round(v_height, 1) then
      raise exception 'p_details.height_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023', hint = 'side_out_of_range',
      detail = jsonb_build_object('side', 'height')::text;
    end if;
    if v_length + v_width + v_height > v_max_linear_cm then
      raise exception 'p_details: length_cm + width_cm + height_cm must be at most % cm (% in)',
        trim_scale(v_max_linear_cm), trim_scale(public.rate_value('max_linear_in')) using errcode = '22023', hint = 'size_out_of_range',
      detail = jsonb_build_object('max_cm', trim_scale(v_max_linear_cm), 'max_in', trim_scale(public.rate_value('max_linear_in')))::text;
    end if;

    select pr.plan into v_plan from public.profiles pr where pr.id = v_shipment.user_id;
    v_final := public.shipment_price(v_plan, v_weight * 2.20462,
      v_length * v_width * v_height / public.rate_value('volumetric_cm3_per_kg') * 2.20462,
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


create or replace function public.apply_package_status(p_op_id uuid, p_package_id uuid, p_status text, p_changed_at timestamp with time zone, p_base_version bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_package public.packages;
  v_outcome text;
  v_recorded_for uuid;
  v_recorded_status text;
  v_registration jsonb;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change a package status' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  if p_changed_at > now() + interval '5 minutes' then
    raise exception 'changed_at % is more than 5 minutes ahead of the server''s clock (%): check the device''s date and time',
      p_changed_at, now() using errcode = '22023', hint = 'clock_ahead',
      detail = jsonb_build_object('changed_at', p_changed_at, 'server_time', now())::text;
  end if;

  select * into v_package from public.packages where id = p_package_id for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'PT404', hint = 'package_not_found',
      detail = jsonb_build_object('package', p_package_id)::text;
  end if;

  select e.package_id, e.status, e.outcome, e.registration
  into v_recorded_for, v_recorded_status, v_outcome, v_registration
  from public.package_events e where e.op_id = p_op_id;
  if found then
    if v_recorded_for is distinct from p_package_id
      or v_recorded_status is distinct from p_status
      or v_registration is not null then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
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
$function$;


create or replace function public.apply_package_statuses(p_changes jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_change jsonb;
  v_results jsonb := '[]'::jsonb;
  v_code text;
  v_message text;
  v_hint text;
  v_detail text;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change a package status' using errcode = '42501', hint = 'admins_only';
  end if;
  if jsonb_typeof(p_changes) is distinct from 'array' then
    raise exception 'p_changes must be a JSON array of changes' using errcode = '22023', hint = 'bad_request';
  end if;
  if jsonb_array_length(p_changes) > 100 then
    raise exception 'at most 100 changes per call, not %', jsonb_array_length(p_changes) using errcode = '22023', hint = 'bad_request';
  end if;

  for v_change in select value from jsonb_array_elements(p_changes) loop
    begin
      v_results := v_results || jsonb_build_array(
        jsonb_build_object('op_id', v_change ->> 'op_id') || public.apply_package_status(
          (v_change ->> 'op_id')::uuid,
          (v_change ->> 'package_id')::uuid,
          v_change ->> 'status',
          (v_change ->> 'changed_at')::timestamptz,
          (v_change ->> 'base_version')::bigint
        )
      );
    exception when others then
      -- Each change's refusal as PostgREST would answer it alone: its key and values too.
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text,
        v_hint = pg_exception_hint, v_detail = pg_exception_detail;
      v_results := v_results || jsonb_build_array(jsonb_build_object(
        'op_id', v_change ->> 'op_id',
        'error', jsonb_build_object('code', v_code, 'message', v_message,
          'hint', nullif(v_hint, ''), 'details', nullif(v_detail, ''))
      ));
    end;
  end loop;
  return v_results;
end
$function$;


create or replace function public.approve_shipment(p_op_id uuid, p_shipment_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_uid uuid := auth.uid();
  v_op public.shipment_ops;
  v_shipment public.shipments;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to approve a shipment' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_shipment_id is null then
    raise exception 'p_op_id and p_shipment_id are required' using errcode = '22004', hint = 'bad_request';
  end if;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'approve', '{}'::jsonb);
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
    end if;
    return public.shipment_json(v_shipment);
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found or (v_shipment.user_id <> v_uid and not public.is_admin()) then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if v_shipment.user_id <> v_uid then
    raise exception 'permission denied: only the customer approves their shipment' using errcode = '42501', hint = 'customer_approves_only';
  end if;
  if v_shipment.status <> 'awaiting_approval' then
    raise exception 'a shipment that is % cannot be approved', v_shipment.status using errcode = '22023', hint = 'shipment_not_approvable',
      detail = jsonb_build_object('status', v_shipment.status)::text;
  end if;

  update public.shipments set status = 'approved' where id = p_shipment_id returning * into v_shipment;
  perform public.shipment_status_follows(p_shipment_id, 'approved', p_op_id, now());
  return public.shipment_json(v_shipment);
end
$function$;


create or replace function public.attach_document(p_target text, p_target_id uuid, p_path text, p_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_user uuid := auth.uid();
  v_name text := public.trim_whitespace(p_name);
  v_type text;
  v_documents jsonb;
  v_state text;
  v_prealert public.prealerts;
  v_shipment public.shipments;
begin
  if v_user is null then
    raise exception 'sign in to attach documents' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_target is null or p_target not in ('prealert', 'shipment') then
    raise exception 'documents are attached to a prealert or a shipment, not %', p_target using errcode = '22023', hint = 'bad_request';
  end if;
  if p_path is null or p_path !~ ('^' || v_user::text || '/[0-9a-f-]{36}\.(pdf|jpg|png)$') then
    raise exception 'a document is stored as <your user id>/<document id>.pdf, .jpg or .png, not %', p_path using errcode = '22023', hint = 'bad_file_path',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  if v_name is null or char_length(v_name) not between 1 and 120 then
    raise exception 'a document''s name has 1 to 120 characters' using errcode = '22023', hint = 'document_name_length',
      detail = jsonb_build_object('max', 120)::text;
  end if;
  v_type := public.stored_object_type('documents', p_path);
  if v_type is null then
    raise exception 'document % has not been uploaded', p_path using errcode = 'PT404', hint = 'file_not_uploaded',
      detail = jsonb_build_object('path', p_path)::text;
  end if;

  if p_target = 'prealert' then
    select * into v_prealert from public.prealerts where id = p_target_id and user_id = v_user for update;
    if not found then
      raise exception 'prealert % not found', p_target_id using errcode = 'PT404', hint = 'prealert_not_found',
      detail = jsonb_build_object('prealert', p_target_id)::text;
    end if;
    v_documents := v_prealert.documents;
    v_state := v_prealert.state;
  else
    select * into v_shipment from public.shipments where id = p_target_id and user_id = v_user for update;
    if not found then
      raise exception 'shipment % not found', p_target_id using errcode = 'PT404', hint = 'shipment_not_found',
      detail = jsonb_build_object('shipment', p_target_id)::text;
    end if;
    v_documents := v_shipment.documents;
    v_state := v_shipment.status;
  end if;

  if not jsonb_path_exists(v_documents, '$[*] ? (@.path == $path)', jsonb_build_object('path', p_path)) then
    if v_state in ('cancelled', 'delivered') then
      raise exception 'documents cannot be attached to a % %', v_state, p_target using errcode = '22023', hint = 'documents_closed',
      detail = jsonb_build_object('target', p_target, 'state', v_state)::text;
    end if;
    if jsonb_array_length(v_documents) >= 10 then
      raise exception 'at most 10 documents can be attached to a %', p_target using errcode = '22023', hint = 'too_many_documents',
      detail = jsonb_build_object('target', p_target, 'max', 10)::text;
    end if;
    v_documents := v_documents || jsonb_build_array(jsonb_build_object(
      'path', p_path, 'name', v_name, 'type', v_type, 'added_at', now()));
    if p_target = 'prealert' then
      update public.prealerts set documents = v_documents where id = p_target_id returning * into v_prealert;
    else
      update public.shipments set documents = v_documents where id = p_target_id returning * into v_shipment;
    end if;
  end if;

  return case when p_target = 'prealert' then public.prealert_json(v_prealert) else public.shipment_json(v_shipment) end;
end
$function$;


create or replace function public.cancel_prealert(p_op_id uuid, p_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_uid uuid := auth.uid();
  v_prealert public.prealerts;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to cancel a prealert' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_id is null then
    raise exception 'p_op_id and p_id are required' using errcode = '22004', hint = 'bad_request';
  end if;

  if public.record_prealert_op(p_op_id, p_id, 'cancel', '{}'::jsonb) is not null then
    select * into v_prealert from public.prealerts where id = p_id;
    if not found then
      raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
    end if;
    return public.prealert_json(v_prealert);
  end if;

  select * into v_prealert from public.prealerts where id = p_id for update;
  if not found or v_prealert.user_id is distinct from v_uid then
    raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
  end if;
  if v_prealert.state = 'received' then
    raise exception 'This prealert can no longer be changed' using errcode = 'PT409', hint = 'prealert_closed';
  end if;
  if v_prealert.state = 'announced' then
    update public.prealerts set state = 'cancelled' where id = p_id returning * into v_prealert;
  end if;
  return public.prealert_json(v_prealert);
end
$function$;


create or replace function public.cancel_shipment(p_op_id uuid, p_shipment_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_uid uuid := auth.uid();
  v_admin boolean := public.is_admin();
  v_op public.shipment_ops;
  v_shipment public.shipments;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to cancel a shipment' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_shipment_id is null then
    raise exception 'p_op_id and p_shipment_id are required' using errcode = '22004', hint = 'bad_request';
  end if;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'cancel', '{}'::jsonb);
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
    end if;
    return public.shipment_json(v_shipment);
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found or (v_shipment.user_id <> v_uid and not v_admin) then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if not (v_shipment.status = 'requested'
    or (v_admin and v_shipment.status in ('processing', 'awaiting_approval', 'approved'))) then
    raise exception 'a shipment that is % cannot be cancelled', v_shipment.status using errcode = '22023', hint = 'shipment_not_cancellable',
      detail = jsonb_build_object('status', v_shipment.status)::text;
  end if;

  update public.shipments set status = 'cancelled' where id = p_shipment_id returning * into v_shipment;
  perform public.shipment_status_follows(p_shipment_id, 'cancelled', p_op_id, now());
  return public.shipment_json(v_shipment);
end
$function$;


create or replace function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $function$
begin
  if current_user in ('anon', 'authenticated') then
    if new.id is distinct from old.id
      or new.email is distinct from old.email
      or new.created_at is distinct from old.created_at then
      raise exception 'profile id, email and created_at cannot be changed' using errcode = '42501', hint = 'profile_field_locked';
    end if;
    if new.role is distinct from old.role and not public.is_admin() then
      raise exception 'only admins can change a role' using errcode = '42501', hint = 'admins_only';
    end if;
    if new.plan is distinct from old.plan and not public.is_admin() then
      raise exception 'only admins can change a plan' using errcode = '42501', hint = 'admins_only';
    end if;
    if old.id = auth.uid() and old.role = 'admin' and new.role is distinct from 'admin' then
      raise exception 'admins cannot remove their own admin role' using errcode = '42501', hint = 'own_admin_role';
    end if;
    if old.id is distinct from auth.uid() and (
      new.country is distinct from old.country
      or new.delivery_address is distinct from old.delivery_address
      or new.city is distinct from old.city
      or new.postal_code is distinct from old.postal_code
      or new.id_number is distinct from old.id_number
    ) then
      raise exception 'admins may change only the full name, phone and role of other users (and their plan)' using errcode = '42501', hint = 'profile_field_locked';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$function$;


create or replace function public.mark_notifications_read(p_op_id uuid, p_ids uuid[])
returns json
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_ids is null then
    raise exception 'p_op_id and p_ids are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if cardinality(p_ids) > 1000 then
    raise exception 'At most 1000 notifications at once' using errcode = '22023', hint = 'bad_request';
  end if;
  update public.notifications n set read_at = now()
  where n.id = any (p_ids) and n.user_id = auth.uid() and n.read_at is null;
  get diagnostics v_marked = row_count;
  return json_build_object('marked', v_marked);
end
$function$;


create or replace function public.mark_notifications_read_until(p_op_id uuid, p_up_to timestamp with time zone)
returns json
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_op public.notification_read_ops;
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_up_to is null then
    raise exception 'p_op_id and p_up_to are required' using errcode = '22004', hint = 'bad_request';
  end if;
  insert into public.notification_read_ops (op_id, user_id, up_to)
  values (p_op_id, auth.uid(), p_up_to)
  on conflict (op_id) do nothing;
  if not found then
    select * into v_op from public.notification_read_ops o where o.op_id = p_op_id;
    if v_op.user_id is distinct from auth.uid() or v_op.up_to is distinct from p_up_to then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
    end if;
    return json_build_object('marked', v_op.marked);
  end if;
  update public.notifications n set read_at = now()
  where n.user_id = auth.uid() and n.read_at is null and n.created_at <= p_up_to;
  get diagnostics v_marked = row_count;
  update public.notification_read_ops o set marked = v_marked where o.op_id = p_op_id;
  return json_build_object('marked', v_marked);
end
$function$;


create or replace function public.packages_hold_in_open_shipment()
returns trigger
language plpgsql
set search_path = ''
as $function$
declare
  v_shipment public.shipments;
  v_stage_status text;
begin
  if old.shipment_id is null
    or (new.status = old.status and (new.deleted_at is null or old.deleted_at is not null)) then
    return new;
  end if;
  select * into v_shipment from public.shipments s where s.id = old.shipment_id;
  if v_shipment.status not in ('requested', 'processing', 'awaiting_approval', 'approved') then
    return new;
  end if;
  v_stage_status := case when v_shipment.status = 'requested' then 'recibido' else 'consolidacion' end;
  if new.deleted_at is not distinct from old.deleted_at and new.status = v_stage_status then
    return new;
  end if;
  -- The app reads the shipment's id, the day it was asked for and its status from this message.
  raise exception 'package % is in shipment % of %, which is %: it changes with the shipment',
    coalesce(old.tracking_code, old.id::text), v_shipment.id,
    to_char(v_shipment.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), v_shipment.status
    using errcode = '22023', hint = 'package_in_open_shipment',
      detail = jsonb_build_object('code', coalesce(old.tracking_code, old.id::text), 'shipment', v_shipment.id, 'requested_at', to_char(v_shipment.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'status', v_shipment.status)::text;
end
$function$;


create or replace function public.record_prealert_op(p_op_id uuid, p_prealert_id uuid, p_kind text, p_args jsonb)
returns uuid
language plpgsql
set search_path = ''
as $function$
declare
  v_op public.prealert_ops;
begin
  insert into public.prealert_ops (op_id, prealert_id, actor, kind, args)
  values (p_op_id, p_prealert_id, auth.uid(), p_kind, p_args)
  on conflict (op_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_op from public.prealert_ops o where o.op_id = p_op_id;
  if v_op.prealert_id is distinct from p_prealert_id
    or v_op.actor is distinct from auth.uid()
    or v_op.kind is distinct from p_kind
    or v_op.args is distinct from p_args then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
  end if;
  return v_op.prealert_id;
end
$function$;


create or replace function public.record_shipment_op(p_op_id uuid, p_shipment_id uuid, p_kind text, p_args jsonb)
returns shipment_ops
language plpgsql
set search_path = ''
as $function$
declare
  v_op public.shipment_ops;
begin
  insert into public.shipment_ops (op_id, shipment_id, actor, kind, args)
  values (p_op_id, p_shipment_id, auth.uid(), p_kind, p_args)
  on conflict (op_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_op from public.shipment_ops o where o.op_id = p_op_id;
  if v_op.shipment_id is distinct from p_shipment_id
    or v_op.actor is distinct from auth.uid()
    or v_op.kind is distinct from p_kind
    or v_op.args is distinct from p_args then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
  end if;
  return v_op;
end
$function$;


create or replace function public.register_package(p_op_id uuid, p_package_id uuid, p_user_id uuid, p_public_token uuid, p_status text, p_tracking_code text DEFAULT NULL::text, p_weight_kg numeric DEFAULT NULL::numeric, p_volume_m3 numeric DEFAULT NULL::numeric, p_meta jsonb DEFAULT NULL::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_package public.packages;
  v_request jsonb;
  v_replay boolean;
  v_locker_code text;
  v_prealert public.prealerts;
  v_meta jsonb := p_meta;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can register a package' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_op_id is null or p_package_id is null or p_user_id is null or p_public_token is null then
    raise exception 'p_op_id, p_package_id, p_user_id and p_public_token are required' using errcode = '22004', hint = 'bad_request';
  end if;

  v_request := jsonb_build_object(
    'user_id', p_user_id, 'public_token', p_public_token, 'status', p_status,
    'tracking_code', nullif(btrim(p_tracking_code), ''),
    'weight_kg', p_weight_kg, 'volume_m3', p_volume_m3, 'meta', p_meta
  );

  v_replay := public.is_registration_replay(p_op_id, p_package_id, v_request);
  if not v_replay then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
  elsif v_replay then
    select * into v_package from public.packages where id = p_package_id;
    return jsonb_build_object('outcome', 'replayed', 'package', public.package_json(v_package));
  end if;

  select l.code into v_locker_code from public.lockers l where l.user_id = p_user_id;
  if not found then
    raise exception 'customer % not found', p_user_id using errcode = 'PT404', hint = 'customer_not_found',
      detail = jsonb_build_object('customer', p_user_id)::text;
  end if;

  if nullif(btrim(p_tracking_code), '') is not null and (p_meta is null or jsonb_typeof(p_meta) = 'object') then
    select * into v_prealert from public.prealerts pa
    where pa.user_id = p_user_id
      and pa.tracking_code = public.normalise_tracking_code(p_tracking_code)
      and pa.state = 'announced'
    for update;
    if v_prealert.id is not null then
      v_meta := jsonb_build_object(
        'prealert_id', v_prealert.id, 'store', v_prealert.store, 'description', v_prealert.description,
        'declared_value_usd', v_prealert.declared_value_usd
      ) || coalesce(p_meta, '{}'::jsonb);
    end if;
  end if;

  perform set_config('app.status_event_op', p_op_id::text, true);
  begin
    insert into public.packages (id, user_id, locker_code, tracking_code, status, weight_kg, volume_m3, meta, public_token)
    values (
      p_package_id, p_user_id, v_locker_code, nullif(btrim(p_tracking_code), ''),
      p_status, p_weight_kg, p_volume_m3, v_meta, p_public_token
    )
    on conflict (id) do nothing
    returning * into v_package;
  exception when unique_violation then
    -- ON CONFLICT arbitrates only the id: a concurrent replay's row can reach the public token's
    -- unique index first. Nothing was inserted; the replay check below tells what happened.
    v_package := null;
  end;
  perform set_config('app.status_event_op', '', true);

  if v_package.id is not null then
    update public.package_events set registration = v_request where op_id = p_op_id;
    if v_prealert.id is not null then
      update public.prealerts set state = 'received', package_id = v_package.id where id = v_prealert.id;
    end if;
    return jsonb_build_object('outcome', 'applied', 'package', public.package_json(v_package));
  end if;

  -- Nothing inserted: a concurrent replay of this op committed first, or the
  -- id belongs to another package.
  v_replay := public.is_registration_replay(p_op_id, p_package_id, v_request);
  if v_replay is null then
    raise exception 'package % already exists', p_package_id using errcode = 'PT409', hint = 'package_exists',
      detail = jsonb_build_object('package', p_package_id)::text;
  elsif not v_replay then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
  end if;
  select * into v_package from public.packages where id = p_package_id;
  return jsonb_build_object('outcome', 'replayed', 'package', public.package_json(v_package));
end
$function$;


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
  if p_package_ids is null or coalesce(cardinality(p_package_ids), 0) not between 1 and 20
    or array_position(p_package_ids, null) is not null then
    raise exception 'p_package_ids must list 1 to 20 packages' using errcode = '22023', hint = 'package_count',
      detail = jsonb_build_object('min', 1, 'max', 20)::text;
  end if;
  select array_agg(distinct i order by i) into v_package_ids from unnest(p_package_ids) i;
  if cardinality(v_package_ids) <> cardinality(p_package_ids) then
    raise exception 'p_package_ids must not list a package twice' using errcode = '22023', hint = 'bad_request';
  end if;
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
  select coalesce(sum(p.weight_kg), 0) * 2.20462,
         coalesce(sum(p.volume_m3), 0) * 1000000 / public.rate_value('volumetric_cm3_per_kg') * 2.20462
  into v_actual_lb, v_volumetric_lb
  from public.packages p where p.id = any(v_package_ids);
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


create or replace function public.save_prealert(p_op_id uuid, p_id uuid, p_tracking_code text, p_store text, p_description text, p_declared_value_usd numeric, p_expected_on date)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_uid uuid := auth.uid();
  v_tracking_code text := public.normalise_tracking_code(p_tracking_code);
  v_store text := public.trim_whitespace(p_store);
  v_description text := public.trim_whitespace(p_description);
  v_prealert public.prealerts;
begin
  if v_uid is null then
    raise exception 'permission denied: sign in to announce a package' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_id is null then
    raise exception 'p_op_id and p_id are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if coalesce(char_length(v_tracking_code), 0) not between 6 and 40 then
    raise exception 'tracking_code must be 6 to 40 characters' using errcode = '22023', hint = 'prealert_tracking_length',
      detail = jsonb_build_object('min', 6, 'max', 40)::text;
  end if;
  if v_tracking_code !~ '^[A-Z0-9-]+$' then
    raise exception 'tracking_code may contain only letters A-Z, digits 0-9 and -' using errcode = '22023', hint = 'prealert_tracking_chars';
  end if;
  if coalesce(char_length(v_store), 0) not between 1 and 80 then
    raise exception 'store must be 1 to 80 characters' using errcode = '22023', hint = 'prealert_store_length',
      detail = jsonb_build_object('max', 80)::text;
  end if;
  if coalesce(char_length(v_description), 0) not between 1 and 200 then
    raise exception 'description must be 1 to 200 characters' using errcode = '22023', hint = 'prealert_description_length',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  if p_declared_value_usd is null
    or p_declared_value_usd not between 0 and 50000
    or p_declared_value_usd <> round(p_declared_value_usd, 2) then
    raise exception 'declared_value_usd must be 0 to 50000 USD, with at most 2 decimals' using errcode = '22023', hint = 'prealert_value_range',
      detail = jsonb_build_object('max_usd', 50000)::text;
  end if;
  if not isfinite(p_expected_on) then
    raise exception 'expected_on must be a calendar date' using errcode = '22023', hint = 'prealert_date_invalid';
  end if;

  if public.record_prealert_op(p_op_id, p_id, 'save', jsonb_build_object(
      'tracking_code', v_tracking_code, 'store', v_store, 'description', v_description,
      'declared_value_usd', p_declared_value_usd, 'expected_on', p_expected_on)) is not null then
    select * into v_prealert from public.prealerts where id = p_id;
    if not found then
      raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
    end if;
    return public.prealert_json(v_prealert);
  end if;

  select * into v_prealert from public.prealerts where id = p_id for update;
  if not found then
    begin
      insert into public.prealerts (id, user_id, tracking_code, store, description, declared_value_usd, expected_on)
      values (p_id, v_uid, v_tracking_code, v_store, v_description, p_declared_value_usd, p_expected_on)
      on conflict (id) do nothing
      returning * into v_prealert;
    exception when unique_violation then
      raise exception 'A package with this tracking number is already announced' using errcode = 'PT409', hint = 'prealert_tracking_taken';
    end;
    if v_prealert.id is not null then
      return public.prealert_json(v_prealert);
    end if;
    -- Created by a concurrent call since we looked: change it as below.
    select * into v_prealert from public.prealerts where id = p_id for update;
  end if;

  if v_prealert.user_id is distinct from v_uid then
    raise exception 'Prealert not found' using errcode = 'PT404', hint = 'prealert_not_found';
  end if;
  if v_prealert.state <> 'announced' then
    raise exception 'This prealert can no longer be changed' using errcode = 'PT409', hint = 'prealert_closed';
  end if;

  begin
    update public.prealerts
    set tracking_code = v_tracking_code, store = v_store, description = v_description,
      declared_value_usd = p_declared_value_usd, expected_on = p_expected_on
    where id = p_id
    returning * into v_prealert;
  exception when unique_violation then
    raise exception 'A package with this tracking number is already announced' using errcode = 'PT409', hint = 'prealert_tracking_taken';
  end;
  return public.prealert_json(v_prealert);
end
$function$;


create or replace function public.search_history(p_query text, p_limit integer DEFAULT 50, p_after jsonb DEFAULT NULL::jsonb)
returns json
language plpgsql
stable SECURITY DEFINER
set search_path = ''
as $function$
declare
  v_query text := pg_catalog.btrim(coalesce(p_query, ''));
  v_pattern text;
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_after_created_at timestamptz;
  v_after_id uuid;
  v_owners uuid[];
  v_found uuid[];
  v_page uuid[];
begin
  if not public.is_admin() then
    raise exception 'only admins can search the whole history' using errcode = '42501', hint = 'admins_only';
  end if;
  if pg_catalog.char_length(v_query) < 3 then
    raise exception 'type at least 3 characters to search the history' using errcode = '22023', hint = 'history_query_short',
      detail = jsonb_build_object('min', 3)::text;
  end if;
  if p_after is not null then
    begin
      v_after_created_at := (p_after ->> 'created_at')::timestamptz;
      v_after_id := (p_after ->> 'id')::uuid;
    exception when others then
      v_after_created_at := null;
    end;
    if v_after_created_at is null or v_after_id is null then
      raise exception 'a history page starts after {"created_at", "id"} of the last row shown' using errcode = '22023', hint = 'bad_history_cursor';
    end if;
  end if;
  -- Taken literally: the user's % and _ match themselves.
  v_pattern := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(v_query, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  select coalesce(array_agg(m.id), '{}') into v_owners
  from (
    select pr.id from public.profiles pr where pr.email ilike v_pattern or pr.full_name ilike v_pattern
    union
    select l.user_id from public.lockers l where l.code ilike v_pattern
  ) m;

  select coalesce(array_agg(f.id order by f.created_at desc, f.id desc), '{}') into v_found
  from (
    select p.id, p.created_at from public.packages p
    where (p.tracking_code ilike v_pattern or p.user_id = any (v_owners))
      and (v_after_id is null or (p.created_at, p.id) < (v_after_created_at, v_after_id))
    order by p.created_at desc, p.id desc
    limit v_limit + 1
  ) f;
  v_page := v_found[1:v_limit];

  return json_build_object(
    'packages', public.packages_json(v_page),
    'profiles', public.profiles_json(array(
      select distinct u.id from (
        select p.user_id as id from public.packages p where p.id = any (v_page)
        union
        select o.id from pg_catalog.unnest(v_owners[1:50]) as o (id)
      ) u)),
    'has_more', pg_catalog.cardinality(v_found) > v_limit,
    'next', case when pg_catalog.cardinality(v_found) > v_limit then
      (select json_build_object('created_at', p.created_at, 'id', p.id) from public.packages p where p.id = v_page[v_limit])
    end
  );
end
$function$;


create or replace function public.set_avatar(p_path text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_user uuid := auth.uid();
  v_profile public.profiles;
begin
  if v_user is null then
    raise exception 'sign in to set a profile photo' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_path is null or p_path !~ ('^' || v_user::text || '/[0-9a-f-]{36}\.jpg$') then
    raise exception 'a profile photo is stored as <your user id>/<photo id>.jpg, not %', p_path using errcode = '22023', hint = 'bad_file_path',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  if public.stored_object_type('avatars', p_path) is null then
    raise exception 'photo % has not been uploaded', p_path using errcode = 'PT404', hint = 'file_not_uploaded',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  update public.profiles set avatar_path = p_path where id = v_user returning * into v_profile;
  if not found then
    raise exception 'profile % not found', v_user using errcode = 'PT404', hint = 'profile_not_found',
      detail = jsonb_build_object('profile', v_user)::text;
  end if;
  return (to_jsonb(v_profile) - 'change_xid') || jsonb_build_object(
    'locker_code', (select l.code from public.lockers l where l.user_id = v_user), 'deleted_at', null);
end
$function$;


create or replace function public.set_push_preferences(p_op_id uuid, p_push_muted text[])
returns json
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_muted text[];
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_push_muted is null then
    raise exception 'p_op_id and p_push_muted are required' using errcode = '22004', hint = 'bad_request';
  end if;
  v_muted := array(select distinct k from unnest(p_push_muted) k order by k);
  if not v_muted <@ array['package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day'] then
    raise exception 'Unknown notification kind in %', p_push_muted using errcode = '22023', hint = 'unknown_notification_kind';
  end if;
  update public.profiles set push_muted = v_muted where id = auth.uid() and push_muted is distinct from v_muted;
  return json_build_object('push_muted', v_muted);
end
$function$;


create or replace function public.set_rates(p_changes jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $function$
declare
  v_key text;
  v_value jsonb;
  v_new numeric;
  v_old numeric;
  v_problem text;
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change the rates' using errcode = '42501', hint = 'admins_only';
  end if;
  if jsonb_typeof(p_changes) is distinct from 'object' then
    raise exception 'p_changes must be a JSON object of rates and their values' using errcode = '22023', hint = 'bad_request';
  end if;

  for v_key, v_value in select c.key, c.value from jsonb_each(p_changes) c order by c.key loop
    v_problem := public.rate_problem(v_key,
      case when jsonb_typeof(v_value) = 'number' then (v_value #>> '{}')::numeric end);
    if v_problem is not null then
      raise exception '%', v_problem using errcode = '22023', hint = 'bad_rate',
      detail = jsonb_build_object('rate', v_key)::text;
    end if;
  end loop;

  for v_key, v_value in select c.key, c.value from jsonb_each(p_changes) c order by c.key loop
    v_new := trim_scale((v_value #>> '{}')::numeric);
    select r.value into v_old from public.rates r where r.key = v_key for update;
    if v_old <> v_new then
      update public.rates set value = v_new, updated_by = auth.uid(), updated_at = now() where key = v_key;
      insert into public.rate_changes (key, old_value, new_value, changed_by) values (v_key, v_old, v_new, auth.uid());
    end if;
  end loop;
  return public.rates_json();
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
  if p_package_ids is null or coalesce(cardinality(p_package_ids), 0) not between 1 and 20
    or array_position(p_package_ids, null) is not null then
    raise exception 'p_package_ids must list 1 to 20 packages' using errcode = '22023', hint = 'package_count',
      detail = jsonb_build_object('min', 1, 'max', 20)::text;
  end if;
  select array_agg(distinct i order by i) into v_package_ids from unnest(p_package_ids) i;
  if cardinality(v_package_ids) <> cardinality(p_package_ids) then
    raise exception 'p_package_ids must not list a package twice' using errcode = '22023', hint = 'bad_request';
  end if;

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
  select coalesce(sum(p.weight_kg), 0) * 2.20462,
         coalesce(sum(p.volume_m3), 0) * 1000000 / public.rate_value('volumetric_cm3_per_kg') * 2.20462
  into v_actual_lb, v_volumetric_lb
  from public.packages p where p.id = any(v_package_ids);
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


create or replace function public.shipment_address_input(p_address jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $function$
declare
  v_key text;
  v_field record;
  v_text text;
  v_address jsonb := '{}'::jsonb;
begin
  if jsonb_typeof(p_address) is distinct from 'object' then
    raise exception 'p_address must be a JSON object' using errcode = '22023', hint = 'bad_request';
  end if;
  for v_key in select k from jsonb_object_keys(p_address) k order by k loop
    if v_key not in ('name', 'address', 'city', 'postal_code', 'country', 'phone', 'id_number') then
      raise exception 'p_address.% is not an address field (name, address, city, postal_code, country, phone, id_number)', v_key
        using errcode = '22023', hint = 'bad_request';
    end if;
  end loop;
  for v_field in
    select f.key, f.low, f.high
    from (values ('name', 1, 120, 1), ('address', 1, 200, 2), ('city', 1, 80, 3), ('postal_code', 0, 20, 4),
                 ('country', 2, 60, 5), ('phone', 5, 30, 6), ('id_number', 0, 30, 7)) as f (key, low, high, n)
    order by f.n
  loop
    if jsonb_typeof(p_address -> v_field.key) not in ('string', 'null') then
      raise exception 'p_address.% must be text', v_field.key using errcode = '22023', hint = 'bad_request';
    end if;
    v_text := coalesce(public.trim_whitespace(p_address ->> v_field.key), '');
    if char_length(v_text) not between v_field.low and v_field.high then
      if v_field.low = 0 then
        raise exception 'p_address.% must be at most % characters', v_field.key, v_field.high using errcode = '22023', hint = 'address_field_length',
      detail = jsonb_build_object('field', v_field.key, 'max', v_field.high)::text;
      end if;
      raise exception 'p_address.% must be % to % characters', v_field.key, v_field.low, v_field.high using errcode = '22023', hint = 'address_field_length',
      detail = jsonb_build_object('field', v_field.key, 'min', v_field.low, 'max', v_field.high)::text;
    end if;
    if v_field.key = 'phone' and v_text !~ '^[0-9 ()+-]+$' then
      raise exception 'p_address.phone may contain only digits, spaces and + - ( )' using errcode = '22023', hint = 'address_phone_chars';
    end if;
    v_address := v_address || jsonb_build_object(v_field.key, v_text);
  end loop;
  return v_address;
end
$function$;


create or replace function public.shipment_items_input(p_items jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $function$
declare
  v_items jsonb := '[]'::jsonb;
  v_item jsonb;
  v_index integer;
  v_key text;
  v_field text;
  v_description text;
  v_quantity numeric;
  v_value numeric;
begin
  if jsonb_typeof(p_items) is distinct from 'array' or jsonb_array_length(p_items) not between 1 and 50 then
    raise exception 'p_items must be a list of 1 to 50 items' using errcode = '22023', hint = 'item_count',
      detail = jsonb_build_object('min', 1, 'max', 50)::text;
  end if;
  for v_item, v_index in select i.value, i.ordinality - 1 from jsonb_array_elements(p_items) with ordinality i loop
    v_field := format('p_items[%s]', v_index);
    if jsonb_typeof(v_item) <> 'object' then
      raise exception '% must be a JSON object', v_field using errcode = '22023', hint = 'bad_request';
    end if;
    for v_key in select k from jsonb_object_keys(v_item) k order by k loop
      if v_key not in ('description', 'quantity', 'unit_value_usd') then
        raise exception '%.% is not an item field (description, quantity, unit_value_usd)', v_field, v_key using errcode = '22023', hint = 'bad_request';
      end if;
    end loop;

    v_description := case when jsonb_typeof(v_item -> 'description') = 'string'
      then public.trim_whitespace(v_item ->> 'description') end;
    if coalesce(char_length(v_description), 0) not between 1 and 200 then
      raise exception '%.description must be 1 to 200 characters', v_field using errcode = '22023', hint = 'item_description_length',
      detail = jsonb_build_object('item', v_field, 'max', 200)::text;
    end if;

    v_quantity := case when jsonb_typeof(v_item -> 'quantity') = 'number' then (v_item ->> 'quantity')::numeric end;
    if v_quantity is null or v_quantity <> trunc(v_quantity) or v_quantity not between 1 and 999 then
      raise exception '%.quantity must be a whole number from 1 to 999', v_field using errcode = '22023', hint = 'item_quantity_range',
      detail = jsonb_build_object('item', v_field, 'max', 999)::text;
    end if;

    v_value := case when jsonb_typeof(v_item -> 'unit_value_usd') = 'number' then (v_item ->> 'unit_value_usd')::numeric end;
    if v_value is null or v_value <> round(v_value, 2) or v_value not between 0 and 50000 then
      raise exception '%.unit_value_usd must be 0 to 50000 USD, with at most 2 decimals', v_field using errcode = '22023', hint = 'item_value_range',
      detail = jsonb_build_object('item', v_field, 'max_usd', 50000)::text;
    end if;

    v_items := v_items || jsonb_build_array(jsonb_build_object(
      'description', v_description, 'quantity', v_quantity::integer, 'unit_value_cents', (v_value * 100)::bigint));
  end loop;
  return v_items;
end
$function$;


create or replace function public.shipment_options_input(p_options jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $function$
declare
  v_options jsonb := coalesce(p_options, '{}'::jsonb);
  v_key text;
  v_value jsonb;
begin
  if jsonb_typeof(v_options) <> 'object' then
    raise exception 'p_options must be a JSON object' using errcode = '22023', hint = 'bad_request';
  end if;
  for v_key, v_value in select o.key, o.value from jsonb_each(v_options) o order by o.key loop
    if v_key not in ('insurance', 'repack', 'remove_invoices', 'extra_protection') then
      raise exception 'p_options.% is not an option (insurance, repack, remove_invoices, extra_protection)', v_key using errcode = '22023', hint = 'bad_request';
    end if;
    if jsonb_typeof(v_value) <> 'boolean' then
      raise exception 'p_options.% must be true or false', v_key using errcode = '22023', hint = 'bad_request';
    end if;
  end loop;
  return jsonb_build_object(
    'insurance', coalesce((v_options ->> 'insurance')::boolean, false),
    'repack', coalesce((v_options ->> 'repack')::boolean, false),
    'remove_invoices', coalesce((v_options ->> 'remove_invoices')::boolean, false),
    'extra_protection', coalesce((v_options ->> 'extra_protection')::boolean, false)
  );
end
$function$;


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
  v_consolidation bigint := case when p_plan = 'basic' and p_package_count >= 2
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


create or replace function public.working_set_counts()
returns json
language plpgsql
stable
set search_path = ''
as $function$
declare
  since timestamptz := public.working_set_since();
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'only admins have a working set' using errcode = '42501', hint = 'admins_only';
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
$function$;


create or replace function public.working_set_part(p_part text)
returns text
language plpgsql
immutable
set search_path = ''
as $function$
begin
  if p_part is null then
    return 'all';
  elsif p_part in ('open', 'closed') then
    return p_part;
  end if;
  raise exception 'p_part must be open, closed or null, not %', p_part using errcode = '22023', hint = 'bad_request';
end
$function$;

-- As in 20261201110000_storage_days_and_notices, but the last day's reminder is caught up too: a
-- run that missed the last free day makes it on a later run, up to 5 days after (its payload then
-- says how many days ago free storage ended: days_left below 0). The 5-day notice is not made once
-- the last day has passed, since the last day's reminder says more.
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
      case when w.last_free_day - v_today <= 0 then 'storage_last_day' else 'storage_ending' end as kind
    from waiting w
    where w.last_free_day - v_today between -5 and 5
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
