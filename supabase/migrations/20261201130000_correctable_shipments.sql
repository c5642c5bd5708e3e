-- Shipments a warehouse can correct (issue 32, section 2):
-- 1. A package in an open shipment (requested, processing, awaiting approval, approved) keeps the
--    status its shipment's stage gives it and cannot be deleted: every path (apply_package_status,
--    apply_package_statuses, an admin's direct update of deleted_at, any later function) meets the
--    same trigger, which names the shipment in its refusal. The shipment's own steps still move
--    its packages: they update the shipment first, so the status they give is the stage's.
-- 2. Deleted packages are neither counted in a charge nor moved by a shipment's step.
-- 3. A box weighed wrong is weighed again: advance_shipment from awaiting_approval back to
--    processing with a reason the customer reads; the charge it replaces stays in the timeline.
-- 4. While a shipment is only requested, its owner changes which packages travel in it
--    (set_shipment_packages), the estimate priced again.

-- 1. The guard.
create function public.packages_hold_in_open_shipment()
returns trigger
language plpgsql
set search_path = ''
as $$
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
    using errcode = '22023';
end
$$;

revoke execute on function public.packages_hold_in_open_shipment() from public, anon, authenticated;

create trigger packages_hold_in_open_shipment
  before update of status, deleted_at on public.packages
  for each row execute function public.packages_hold_in_open_shipment();

-- 2. A shipment's step moves only the packages that are not deleted (else as in
-- 20261124140000_shipments).
create or replace function public.shipment_status_follows(p_shipment_id uuid, p_status text, p_op_id uuid, p_changed_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_follow text := case p_status
    when 'processing' then 'consolidacion'
    when 'shipped' then 'transito'
    when 'in_customs' then 'aduana'
    when 'ready' then 'disponible'
    when 'delivered' then 'entregado'
  end;
  v_freed boolean := p_status = 'cancelled';
  v_package record;
  v_target text;
  v_event_op uuid;
begin
  insert into public.shipment_events (shipment_id, status, actor, changed_at)
  values (p_shipment_id, p_status, auth.uid(), p_changed_at);

  perform 1 from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null order by p.id for update;
  for v_package in
    select p.id, p.status from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null order by p.id
  loop
    v_target := case when v_freed then case when v_package.status = 'consolidacion' then 'recibido' end else v_follow end;
    if v_target is null or v_target = v_package.status then
      if v_freed then
        update public.packages set shipment_id = null where id = v_package.id;
      end if;
      continue;
    end if;
    v_event_op := md5(p_op_id::text || ':' || v_package.id::text)::uuid;
    perform set_config('app.status_event_op', v_event_op::text, true);
    update public.packages
    set status = v_target, shipment_id = case when v_freed then null else shipment_id end
    where id = v_package.id;
    perform set_config('app.status_event_op', '', true);
    insert into public.package_events (package_id, status, op_id, actor, changed_at, outcome)
    values (v_package.id, v_target, v_event_op, auth.uid(), p_changed_at, 'applied');
  end loop;
end
$$;

revoke execute on function public.shipment_status_follows(uuid, text, uuid, timestamptz) from public, anon, authenticated;

-- 3. The timeline keeps each charge (on the awaiting_approval event that set it) and why the box
-- was weighed again (on the processing event that went back).
alter table public.shipment_events
  add column final_cents bigint constraint shipment_events_final_cents_range check (final_cents >= 0),
  add column final jsonb,
  add column reason text constraint shipment_events_reason_length check (char_length(reason) between 1 and 500);

alter table public.shipment_ops drop constraint shipment_ops_kind_known;
alter table public.shipment_ops add constraint shipment_ops_kind_known
  check (kind in ('request', 'cancel', 'approve', 'advance', 'set_packages'));

-- A shipment's timeline as shipment_json and pull_shipments send it (one definition for both).
create function public.shipment_events_json(p_shipment_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(jsonb_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at,
        'final_cents', e.final_cents, 'final', e.final, 'reason', e.reason)
      order by e.recorded_at, e.id),
    '[]'::jsonb)
  from public.shipment_events e where e.shipment_id = p_shipment_id
$$;

revoke execute on function public.shipment_events_json(uuid) from public, anon, authenticated;

-- The packages of a shipment that count: not deleted.
create function public.shipment_package_ids(p_shipment_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(p.id order by p.id), '[]'::jsonb)
  from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null
$$;

revoke execute on function public.shipment_package_ids(uuid) from public, anon, authenticated;

create or replace function public.shipment_json(p_shipment public.shipments)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select (to_jsonb(p_shipment) - 'change_xid') || jsonb_build_object(
    'items', coalesce(
      (select jsonb_agg(jsonb_build_object(
          'position', i.position, 'description', i.description, 'quantity', i.quantity,
          'unit_value_cents', i.unit_value_cents) order by i.position)
       from public.shipment_items i where i.shipment_id = p_shipment.id),
      '[]'::jsonb),
    'events', public.shipment_events_json(p_shipment.id),
    'package_ids', public.shipment_package_ids(p_shipment.id)
  )
$$;

-- pull_shipments as in 20261130100000_customer_directory, its timeline and packages from the two
-- functions above. SECURITY INVOKER: they read under the caller's RLS too.
grant execute on function public.shipment_events_json(uuid) to authenticated, service_role;
grant execute on function public.shipment_package_ids(uuid) to authenticated, service_role;

create or replace function public.pull_shipments(p_since text, p_limit integer default 500, p_part text default null)
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

-- advance_shipment as in 20261124140000_shipments, and: awaiting_approval → processing weighs the
-- box again (p_details {reason}, 1 to 500 characters, which the customer reads): the charge and
-- the box are cleared from the shipment, the charge staying on the awaiting_approval event that
-- set it; the final charge counts the packages that are not deleted.
create or replace function public.advance_shipment(
  p_op_id uuid,
  p_shipment_id uuid,
  p_status text,
  p_base_version bigint,
  p_changed_at timestamptz,
  p_details jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
    raise exception 'permission denied: only admins can advance a shipment' using errcode = '42501';
  end if;
  if p_op_id is null or p_shipment_id is null or p_base_version is null then
    raise exception 'p_op_id, p_shipment_id and p_base_version are required' using errcode = '22004';
  end if;
  if p_changed_at > now() + interval '5 minutes' then
    raise exception 'changed_at % is more than 5 minutes ahead of the server''s clock (%): check the device''s date and time',
      p_changed_at, now() using errcode = '22023';
  end if;
  if p_status is null or p_status not in (
      'requested', 'processing', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered', 'cancelled') then
    raise exception 'p_status must be one of requested, processing, awaiting_approval, approved, shipped, in_customs, ready, delivered, cancelled'
      using errcode = '22023';
  end if;
  if jsonb_typeof(v_details) <> 'object' then
    raise exception 'p_details must be a JSON object' using errcode = '22023';
  end if;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'advance', jsonb_build_object(
    'status', p_status, 'base_version', p_base_version,
    'changed_at', extract(epoch from p_changed_at), 'details', v_details));
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404';
    end if;
    return jsonb_build_object('outcome', v_op.outcome, 'shipment', public.shipment_json(v_shipment));
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found then
    raise exception 'Shipment not found' using errcode = 'PT404';
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
    raise exception 'a shipment that is % cannot become %', v_from, p_status using errcode = '22023';
  end if;

  if p_status = 'awaiting_approval' then
    for v_key in select k from jsonb_object_keys(v_details) k order by k loop
      if v_key not in ('weight_kg', 'length_cm', 'width_cm', 'height_cm') then
        raise exception 'p_details.% is not a detail of the box (weight_kg, length_cm, width_cm, height_cm)', v_key using errcode = '22023';
      end if;
    end loop;
    v_max_weight := public.rate_value('max_weight_kg');
    v_max_linear_cm := public.rate_value('max_linear_in') * 2.54;
    v_weight := case when jsonb_typeof(v_details -> 'weight_kg') = 'number' then (v_details ->> 'weight_kg')::numeric end;
    if v_weight is null or not v_weight > 0 or v_weight > v_max_weight or v_weight <> round(v_weight, 2) then
      raise exception 'p_details.weight_kg must be more than 0 and at most % kg, with at most 2 decimals', trim_scale(v_max_weight)
        using errcode = '22023';
    end if;
    v_length := case when jsonb_typeof(v_details -> 'length_cm') = 'number' then (v_details ->> 'length_cm')::numeric end;
    v_width := case when jsonb_typeof(v_details -> 'width_cm') = 'number' then (v_details ->> 'width_cm')::numeric end;
    v_height := case when jsonb_typeof(v_details -> 'height_cm') = 'number' then (v_details ->> 'height_cm')::numeric end;
    if v_length is null or not v_length > 0 or v_length <> round(v_length, 1) then
      raise exception 'p_details.length_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023';
    end if;
    if v_width is null or not v_width > 0 or v_width <> round(v_width, 1) then
      raise exception 'p_details.width_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023';
    end if;
    if v_height is null or not v_height > 0 or v_height <> round(v_height, 1) then
      raise exception 'p_details.height_cm must be more than 0 cm, with at most 1 decimal' using errcode = '22023';
    end if;
    if v_length + v_width + v_height > v_max_linear_cm then
      raise exception 'p_details: length_cm + width_cm + height_cm must be at most % cm (% in)',
        trim_scale(v_max_linear_cm), trim_scale(public.rate_value('max_linear_in')) using errcode = '22023';
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
        raise exception 'p_details.% is not a detail of weighing again (reason)', v_key using errcode = '22023';
      end if;
    end loop;
    v_reason := case when jsonb_typeof(v_details -> 'reason') = 'string' then public.trim_whitespace(v_details ->> 'reason') end;
    if coalesce(char_length(v_reason), 0) not between 1 and 500 then
      raise exception 'p_details.reason must be 1 to 500 characters' using errcode = '22023';
    end if;
    update public.shipments
    set status = p_status, weight_kg = null, length_cm = null, width_cm = null, height_cm = null, final_cents = null, final = null
    where id = p_shipment_id
    returning * into v_shipment;

  elsif p_status = 'shipped' then
    for v_key in select k from jsonb_object_keys(v_details) k order by k loop
      if v_key not in ('carrier', 'tracking') then
        raise exception 'p_details.% is not a detail of the dispatch (carrier, tracking)', v_key using errcode = '22023';
      end if;
    end loop;
    v_carrier := case when jsonb_typeof(v_details -> 'carrier') = 'string' then public.trim_whitespace(v_details ->> 'carrier') end;
    if coalesce(char_length(v_carrier), 0) not between 1 and 60 then
      raise exception 'p_details.carrier must be 1 to 60 characters' using errcode = '22023';
    end if;
    v_tracking := case when jsonb_typeof(v_details -> 'tracking') = 'string' then public.trim_whitespace(v_details ->> 'tracking') end;
    if v_tracking is null or v_tracking !~ '^[A-Za-z0-9-]{4,60}$' then
      raise exception 'p_details.tracking must be 4 to 60 characters: letters A-Z, digits 0-9 and -' using errcode = '22023';
    end if;
    update public.shipments set status = p_status, carrier = v_carrier, outbound_tracking = v_tracking
    where id = p_shipment_id
    returning * into v_shipment;

  else
    if v_details <> '{}'::jsonb then
      raise exception 'p_details must be empty when a shipment goes from % to %', v_from, p_status using errcode = '22023';
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
$$;

-- 4. set_shipment_packages: while shipment p_shipment_id is requested, its owner makes
-- p_package_ids (1 to 20, each theirs, at the warehouse, not deleted, in no other open shipment)
-- the packages that travel in it; those left out are free again, and the estimate is priced
-- again as request_shipment prices it. Exactly once per op (a replay returns the shipment as it
-- is now). Returns shipment_json.
create function public.set_shipment_packages(p_op_id uuid, p_shipment_id uuid, p_package_ids uuid[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
    raise exception 'permission denied: sign in to change a shipment' using errcode = '42501';
  end if;
  if p_op_id is null or p_shipment_id is null then
    raise exception 'p_op_id and p_shipment_id are required' using errcode = '22004';
  end if;
  if p_package_ids is null or coalesce(cardinality(p_package_ids), 0) not between 1 and 20
    or array_position(p_package_ids, null) is not null then
    raise exception 'p_package_ids must list 1 to 20 packages' using errcode = '22023';
  end if;
  select array_agg(distinct i order by i) into v_package_ids from unnest(p_package_ids) i;
  if cardinality(v_package_ids) <> cardinality(p_package_ids) then
    raise exception 'p_package_ids must not list a package twice' using errcode = '22023';
  end if;

  v_op := public.record_shipment_op(p_op_id, p_shipment_id, 'set_packages',
    jsonb_build_object('package_ids', to_jsonb(v_package_ids)));
  if v_op.op_id is not null then
    select * into v_shipment from public.shipments where id = p_shipment_id;
    if not found then
      raise exception 'Shipment not found' using errcode = 'PT404';
    end if;
    return public.shipment_json(v_shipment);
  end if;

  select * into v_shipment from public.shipments where id = p_shipment_id for update;
  if not found or v_shipment.user_id <> v_uid then
    raise exception 'Shipment not found' using errcode = 'PT404';
  end if;
  if v_shipment.status <> 'requested' then
    raise exception 'a shipment that is % cannot change its packages', v_shipment.status using errcode = '22023';
  end if;

  -- The packages leaving and joining, locked in id order as request_shipment locks them.
  perform 1 from public.packages p
  where p.id = any(v_package_ids) or p.shipment_id = p_shipment_id
  order by p.id for update;
  foreach v_id in array v_package_ids loop
    select * into v_package from public.packages p where p.id = v_id;
    if not found or v_package.user_id <> v_uid or v_package.deleted_at is not null then
      raise exception 'p_package_ids: package % was not found', v_id using errcode = '22023';
    end if;
    continue when v_package.shipment_id = p_shipment_id;
    select s.status not in ('cancelled', 'delivered') into v_open from public.shipments s where s.id = v_package.shipment_id;
    if coalesce(v_open, false) then
      raise exception 'p_package_ids: package % is already in a shipment', coalesce(v_package.tracking_code, v_id::text)
        using errcode = '22023';
    end if;
    if v_package.status <> 'recibido' then
      raise exception 'p_package_ids: package % is not at the warehouse', coalesce(v_package.tracking_code, v_id::text)
        using errcode = '22023';
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
$$;

revoke execute on function public.set_shipment_packages(uuid, uuid, uuid[]) from public, anon;
grant execute on function public.set_shipment_packages(uuid, uuid, uuid[]) to authenticated;
