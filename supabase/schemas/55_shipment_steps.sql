-- The steps of a shipment (50_shipments.sql), each an RPC an offline outbox may replay: the customer
-- requests, changes the packages of a request, cancels it or approves the final charge; the warehouse
-- advances the shipment a step at a time, or cancels it. Each records its op (record_shipment_op) and
-- moves the shipment's packages with it (shipment_status_follows).

-- Input checks of request_shipment, each returning the value as stored (trimmed, every key present)
-- or raising 22023 with a message that starts with the field's name. Internal.

-- The four options, booleans; a missing one is false, any other key or value is refused.
create or replace function public.shipment_options_input(p_options jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

-- The customs declaration: 1 to 50 lines {description, quantity, unit_value_usd}, returned as
-- [{description, quantity, unit_value_cents}]. Lines are named by their index in p_items (p_items[0]
-- is the first); they are stored with position index + 1.
create or replace function public.shipment_items_input(p_items jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

-- The delivery address: seven text fields, trimmed, every one present in what is stored.
create or replace function public.shipment_address_input(p_address jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

-- The packages of a shipment request, or of a change to one: 1 to 20, none missing, none
-- twice. Returns them in id order (the order they are locked in).
create or replace function public.shipment_package_ids_input(p_package_ids uuid[])
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

-- The weighed box (advance_shipment's details when it asks for the customer's approval): only
-- weight_kg, length_cm, width_cm and height_cm; more than 0 kg and at most the max_weight_kg rate, with
-- at most 2 decimals; each side more than 0 cm with at most 1 decimal, and the three adding up to at
-- most the max_linear_in rate in centimetres. (Device: validateBox; tests/db/shipment-limits.test.ts.)
create or replace function public.shipment_box_input(p_details jsonb,
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

-- request_shipment: the caller asks for packages of theirs waiting at the warehouse (recibido, not
-- deleted, in no open shipment) to travel together as shipment p_shipment_id (chosen on the device, so
-- a replayed request finds it). The packages are locked in id order, so two requests racing for one
-- package cannot both take it: the second waits, then finds it taken. Creates the shipment 'requested'
-- with its estimate, items and first event; the packages keep their status.
create or replace function public.request_shipment(p_op_id uuid, p_shipment_id uuid, p_package_ids uuid[], p_service text, p_options jsonb, p_items jsonb, p_address jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- set_shipment_packages: while shipment p_shipment_id is requested, its owner makes p_package_ids (1
-- to 20, each theirs, at the warehouse, not deleted, in no other open shipment) the packages that
-- travel in it; those left out are free again, and the estimate is priced again as request_shipment
-- prices it. Exactly once per op (a replay returns the shipment as it is now). Returns shipment_json.
create or replace function public.set_shipment_packages(p_op_id uuid, p_shipment_id uuid, p_package_ids uuid[])
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
$$;

-- cancel_shipment: the owner while the shipment is requested; staff while it is requested,
-- processing, awaiting approval or approved. The packages are freed.
create or replace function public.cancel_shipment(p_op_id uuid, p_shipment_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_staff boolean := public.is_staff();
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
  if not found or (v_shipment.user_id <> v_uid and not v_staff) then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if not (v_shipment.status = 'requested'
    or (v_staff and v_shipment.status in ('processing', 'awaiting_approval', 'approved'))) then
    raise exception 'a shipment that is % cannot be cancelled', v_shipment.status using errcode = '22023', hint = 'shipment_not_cancellable',
      detail = jsonb_build_object('status', v_shipment.status)::text;
  end if;

  update public.shipments set status = 'cancelled' where id = p_shipment_id returning * into v_shipment;
  perform public.shipment_status_follows(p_shipment_id, 'cancelled', p_op_id, now());
  return public.shipment_json(v_shipment);
end
$$;

-- approve_shipment: the owner accepts the final charge of a shipment awaiting approval, the charge they
-- saw (p_final_cents): a shipment weighed again since (its charge another, or being weighed: null) is
-- refused with charge_changed and the charge it has now, for the customer to look at again. Approving
-- posts the charge to the customer's account (96_money.sql), once: its key is the shipment's.
create or replace function public.approve_shipment(p_op_id uuid, p_shipment_id uuid, p_final_cents bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
  if not found or (v_shipment.user_id <> v_uid and not public.is_staff()) then
    raise exception 'Shipment not found' using errcode = 'PT404', hint = 'shipment_not_found';
  end if;
  if v_shipment.user_id <> v_uid then
    raise exception 'permission denied: only the customer approves their shipment' using errcode = '42501', hint = 'customer_approves_only';
  end if;
  if v_shipment.status in ('processing', 'awaiting_approval')
    and (v_shipment.final_cents is null or v_shipment.final_cents is distinct from p_final_cents) then
    raise exception 'the final charge is now % cents, not %', v_shipment.final_cents, p_final_cents using errcode = '22023', hint = 'charge_changed',
      detail = jsonb_build_object('final_cents', v_shipment.final_cents)::text;
  end if;
  if v_shipment.status <> 'awaiting_approval' then
    raise exception 'a shipment that is % cannot be approved', v_shipment.status using errcode = '22023', hint = 'shipment_not_approvable',
      detail = jsonb_build_object('status', v_shipment.status)::text;
  end if;

  update public.shipments set status = 'approved' where id = p_shipment_id returning * into v_shipment;
  perform public.shipment_status_follows(p_shipment_id, 'approved', p_op_id, now());
  if v_shipment.final_cents > 0 then
    perform public.post_account_entry('shipment-charge:' || p_shipment_id, v_uid, 'shipment_charge', v_shipment.final_cents,
      p_shipment_id => p_shipment_id);
  end if;
  return public.shipment_json(v_shipment);
end
$$;

-- advance_shipment: the warehouse moves a shipment one step, from the version its device saw
-- (p_base_version). A stale version changes nothing: 'superseded', recorded for the op as
-- apply_package_status does, so a replay answers the same. The steps: requested → processing;
-- processing → awaiting_approval with the box (p_details weight_kg, length_cm, width_cm, height_cm
-- within the rates' limits; the final charge is computed from it, counting the packages that are not
-- deleted); awaiting_approval → processing to weigh the box again (p_details reason, 1 to 500
-- characters, which the customer reads: the charge and the box are cleared from the shipment, the
-- charge staying on the awaiting_approval event that set it); approved → shipped with p_details
-- carrier and tracking, once the customer owes nothing (account_owes, 96_money.sql); shipped →
-- in_customs → ready → delivered; and cancelled from requested,
-- processing, awaiting_approval or approved (as cancel_shipment). A step with nothing to say takes no
-- details. Returns {outcome, shipment}.
create or replace function public.advance_shipment(p_op_id uuid, p_shipment_id uuid, p_status text, p_base_version bigint, p_changed_at timestamp with time zone, p_details jsonb)
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
  v_carrier text;
  v_tracking text;
  v_reason text;
  v_plan text;
  v_actual_lb numeric;
  v_volumetric_lb numeric;
  v_final jsonb;
  v_owed bigint;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff can advance a shipment' using errcode = '42501', hint = 'staff_only';
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
    -- The balance row's lock (FOR SHARE) holds off a posting until this shipment has shipped.
    select b.balance_cents into v_owed from public.account_balances b where b.user_id = v_shipment.user_id for share;
    if v_owed > 0 then
      raise exception 'the customer owes % cents: a shipment ships once its account is paid', v_owed using errcode = '22023', hint = 'account_owes',
        detail = jsonb_build_object('owed_cents', v_owed)::text;
    end if;
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
$$;

revoke execute on function public.shipment_options_input(jsonb) from public, anon, authenticated;
revoke execute on function public.shipment_items_input(jsonb) from public, anon, authenticated;
revoke execute on function public.shipment_address_input(jsonb) from public, anon, authenticated;
revoke execute on function public.request_shipment(uuid, uuid, uuid[], text, jsonb, jsonb, jsonb) from public, anon;
grant execute on function public.request_shipment(uuid, uuid, uuid[], text, jsonb, jsonb, jsonb) to authenticated;
revoke execute on function public.set_shipment_packages(uuid, uuid, uuid[]) from public, anon;
grant execute on function public.set_shipment_packages(uuid, uuid, uuid[]) to authenticated;
revoke execute on function public.cancel_shipment(uuid, uuid) from public, anon;
grant execute on function public.cancel_shipment(uuid, uuid) to authenticated;
revoke execute on function public.approve_shipment(uuid, uuid, bigint) from public, anon;
grant execute on function public.approve_shipment(uuid, uuid, bigint) to authenticated;
revoke execute on function public.advance_shipment(uuid, uuid, text, bigint, timestamptz, jsonb) from public, anon;
grant execute on function public.advance_shipment(uuid, uuid, text, bigint, timestamptz, jsonb) to authenticated;
