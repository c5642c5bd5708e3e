-- A clerk role beside the customer ('user') and the manager ('admin'): is_staff() guards the desk's
-- work (packages, photos, prealerts, shipment steps, desk payments, the customer directory and its
-- pulls), is_admin() stays the manager's (rates, content, users and roles, refunds, credits,
-- adjustments, reports, the mail views, the audit log). Desk refusals say staff_only. Deleting a
-- package is the manager's (packages_guard_deletion). And the audit log (98_audit_log.sql).

alter table public.profiles drop constraint profiles_role_check,
  add constraint profiles_role_check check (role in ('user', 'clerk', 'admin'));

drop index public.profiles_admin_change_idx;
create index profiles_staff_change_idx on public.profiles (change_xid, id) where role in ('clerk', 'admin');

create or replace function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles
    where id = (select auth.uid()) and role in ('clerk', 'admin')
  )
$$;

revoke execute on function public.is_staff() from public, anon;
grant execute on function public.is_staff() to authenticated, service_role;

create or replace function public.packages_guard_deletion()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin()
    and (case when tg_op = 'INSERT' then new.deleted_at is not null else new.deleted_at is distinct from old.deleted_at end) then
    raise exception 'permission denied: only admins delete a package' using errcode = '42501', hint = 'admins_only';
  end if;
  return new;
end
$$;

create trigger packages_guard_deletion
  before insert or update of deleted_at on public.packages
  for each row execute function public.packages_guard_deletion();

revoke execute on function public.packages_guard_deletion() from public, anon, authenticated;

create or replace function public.apply_package_status(
  p_op_id uuid,
  p_package_id uuid,
  p_status text,
  p_changed_at timestamptz,
  p_base_version bigint
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_outcome text;
  v_recorded_for uuid;
  v_recorded_status text;
  v_registration jsonb;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff can change a package status' using errcode = '42501', hint = 'staff_only';
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
$$;

create or replace function public.apply_package_statuses(p_changes jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_change jsonb;
  v_results jsonb := '[]'::jsonb;
  v_code text;
  v_message text;
  v_hint text;
  v_detail text;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff can change a package status' using errcode = '42501', hint = 'staff_only';
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
$$;

create or replace function public.register_package(
  p_op_id uuid,
  p_package_id uuid,
  p_user_id uuid,
  p_public_token uuid,
  p_status text,
  p_tracking_code text default null,
  p_weight_kg numeric default null,
  p_volume_m3 numeric default null,
  p_meta jsonb default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_request jsonb;
  v_replay boolean;
  v_locker_code text;
  v_prealert public.prealerts;
  v_meta jsonb := p_meta;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff can register a package' using errcode = '42501', hint = 'staff_only';
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
$$;

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

create or replace function public.add_package_photo(p_package_id uuid, p_path text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_previous bigint;
  v_photos jsonb;
begin
  if not public.is_staff() then
    raise exception 'only staff can add photos to a package' using errcode = '42501', hint = 'staff_only';
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
$$;

create or replace function public.pull_packages(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.staff and a.part <> 'open' then (
        select min(f.change_xid) from (select p.change_xid from public.packages p where p.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid, public.working_set_part(p_part) as part) a
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
       where not (select staff from bounds) and p.user_id = (select uid from bounds)
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.id, p.change_xid from public.packages p
       where (select staff from bounds) and (select part from bounds) <> 'closed' and p.status <> 'entregado' and p.deleted_at is null
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.id, p.change_xid from public.packages p
       where (select staff from bounds) and (select part from bounds) <> 'open' and (p.status = 'entregado' or p.deleted_at is not null) and p.updated_at >= (select recent_since from bounds)
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
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, public.working_set_since() as recent_since
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid) a
  ),
  candidates as (
    select s.change_xid, s.id, s.deleted_at, row_number() over (order by s.change_xid, s.id) as n
    from (
      (select pr.change_xid, pr.id, null::timestamptz as deleted_at from public.profiles pr
       where not (select staff from bounds) and pr.id = (select uid from bounds)
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select pr.change_xid, pr.id, null::timestamptz as deleted_at from public.profiles pr
       where (select staff from bounds) and pr.role in ('clerk', 'admin')
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select d.change_xid, d.id, d.deleted_at from public.deleted_profiles d
       where (select staff from bounds) and d.deleted_at >= (select recent_since from bounds)
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

create or replace function public.pull_prealerts(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.staff and a.part <> 'open' then (
        select min(f.change_xid) from (select p.change_xid from public.prealerts p where p.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid, public.working_set_part(p_part) as part) a
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
       where not (select staff from bounds) and p.user_id = (select uid from bounds)
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.* from public.prealerts p
       where (select staff from bounds) and (select part from bounds) <> 'closed' and p.state = 'announced'
         and public.pull_pending(p.change_xid, p.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by p.change_xid, p.id
       limit (select page_size + 1 from bounds))
      union all
      (select p.* from public.prealerts p
       where (select staff from bounds) and (select part from bounds) <> 'open' and p.state <> 'announced' and p.updated_at >= (select recent_since from bounds)
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

create or replace function public.pull_shipments(p_since text, p_limit integer default 500, p_part text default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, a.staff, a.uid, a.part,
      public.working_set_since() as recent_since,
      case when a.staff and a.part <> 'open' then (
        select min(f.change_xid) from (select s.change_xid from public.shipments s where s.updated_at >= public.working_set_since() offset 0) f
      ) end as recent_floor
    from public.pull_bounds(p_since, p_limit) b,
      (select public.is_staff() or auth.role() = 'service_role' as staff, auth.uid() as uid, public.working_set_part(p_part) as part) a
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
       where not (select staff from bounds) and s.user_id = (select uid from bounds)
         and public.pull_pending(s.change_xid, s.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
      union all
      (select s.* from public.shipments s
       where (select staff from bounds) and (select part from bounds) <> 'closed' and s.status not in ('delivered', 'cancelled')
         and public.pull_pending(s.change_xid, s.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by s.change_xid, s.id
       limit (select page_size + 1 from bounds))
      union all
      (select s.* from public.shipments s
       where (select staff from bounds) and (select part from bounds) <> 'open' and s.status in ('delivered', 'cancelled') and s.updated_at >= (select recent_since from bounds)
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

create or replace function public.working_set_counts()
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  since timestamptz := public.working_set_since();
begin
  if not (public.is_staff() or auth.role() = 'service_role') then
    raise exception 'only staff have a working set' using errcode = '42501', hint = 'staff_only';
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

create or replace function public.pull_directory(p_since text, p_limit integer default 5000)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon,
      least(greatest(coalesce(p_limit, 5000), 1), 5000) as page_size,
      public.is_staff() or auth.role() = 'service_role' as staff,
      public.working_set_since() as recent_since
    from public.pull_bounds(p_since, null) b
  ),
  candidates as (
    select s.change_xid, s.id, s.removed, row_number() over (order by s.change_xid, s.id) as n
    from (
      (select pr.change_xid, pr.id, false as removed from public.profiles pr
       where (select staff from bounds)
         and public.pull_pending(pr.change_xid, pr.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
       order by pr.change_xid, pr.id
       limit (select page_size + 1 from bounds))
      union all
      (select d.change_xid, d.id, true as removed from public.deleted_profiles d
       where (select staff from bounds) and d.deleted_at >= (select recent_since from bounds)
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

create or replace function public.search_history(p_query text, p_limit integer default 50, p_after jsonb default null)
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
  v_after_created_at timestamptz;
  v_after_id uuid;
  v_owners uuid[];
  v_found uuid[];
  v_page uuid[];
begin
  if not public.is_staff() then
    raise exception 'only staff can search the whole history' using errcode = '42501', hint = 'staff_only';
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
$$;

create or replace function public.record_payment(p_op_id uuid, p_user_id uuid, p_amount_cents bigint, p_method text, p_reference text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reference text := nullif(public.trim_whitespace(p_reference), '');
  v_entry public.account_entries;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff record a payment' using errcode = '42501', hint = 'staff_only';
  end if;
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004', hint = 'bad_request';
  end if;
  perform public.money_customer_input(p_user_id);
  perform public.money_amount_input(p_amount_cents, false);
  if p_method is null or p_method not in ('cash', 'bank_transfer', 'zelle', 'card_at_counter') then
    raise exception 'p_method must be cash, bank_transfer, zelle or card_at_counter' using errcode = '22023', hint = 'bad_request';
  end if;
  if char_length(v_reference) > 200 then
    raise exception 'the reference must be at most 200 characters' using errcode = '22023', hint = 'payment_reference_length',
      detail = jsonb_build_object('max', 200)::text;
  end if;
  v_entry := public.post_account_entry('op:' || p_op_id, p_user_id, 'payment', -p_amount_cents,
    p_method => p_method, p_reference => v_reference, p_posted_by => auth.uid());
  return public.account_entry_json(v_entry);
end
$$;

create or replace function public.pull_account_entries(p_since text, p_limit integer default 500, p_user_id uuid default null)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_user uuid := coalesce(p_user_id, auth.uid());
  v_result json;
begin
  if auth.uid() is null then
    raise exception 'permission denied: sign in to read an account' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if v_user <> auth.uid() and not public.is_staff() then
    raise exception 'permission denied: only staff read another customer''s account' using errcode = '42501', hint = 'staff_only';
  end if;
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size
    from public.pull_bounds(p_since, p_limit) b
  ),
  candidates as (
    select s.id, s.change_xid, row_number() over (order by s.change_xid, s.id) as n
    from (
      select x.id, x.change_xid from public.account_entries x
      where x.user_id = v_user
        and public.pull_pending(x.change_xid, x.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
      order by x.change_xid, x.id
      limit (select page_size + 1 from bounds)
    ) s
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'entries', coalesce(
      (select json_agg(public.account_entry_json(x) order by pg.n)
       from page pg join public.account_entries x on x.id = pg.id),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
  into v_result;
  return v_result;
end
$$;

create or replace function public.pull_account_balances(p_since text, p_limit integer default 5000)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_first boolean := coalesce(p_since, '') = '';
  v_result json;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff read every balance' using errcode = '42501', hint = 'staff_only';
  end if;
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size
    from public.pull_bounds(p_since, p_limit) b
  ),
  candidates as (
    select s.user_id, s.change_xid, row_number() over (order by s.change_xid, s.user_id) as n
    from (
      select x.user_id, x.change_xid from public.account_balances x
      where (not v_first or x.balance_cents <> 0)
        and public.pull_pending(x.change_xid, x.user_id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
      order by x.change_xid, x.user_id
      limit (select page_size + 1 from bounds)
    ) s
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'balances', coalesce(
      (select json_agg(json_build_object(
          'user_id', x.user_id, 'balance_cents', x.balance_cents,
          'oldest_unpaid_at', (select min(u.created_at) from public.account_unpaid_debits(x.user_id) u),
          'change_xid', x.change_xid::text)
          order by pg.n)
       from page pg join public.account_balances x on x.user_id = pg.user_id),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.user_id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
  into v_result;
  return v_result;
end
$$;

-- The desk reads and writes what it works on.
alter policy "profiles: admins read all" on public.profiles rename to "profiles: staff read all";
alter policy "profiles: staff read all" on public.profiles using ((select public.is_staff()));
alter policy "lockers: admins read all" on public.lockers rename to "lockers: staff read all";
alter policy "lockers: staff read all" on public.lockers using ((select public.is_staff()));
alter policy "deleted_profiles: admins read all" on public.deleted_profiles rename to "deleted_profiles: staff read all";
alter policy "deleted_profiles: staff read all" on public.deleted_profiles using ((select public.is_staff()));
alter policy "packages: admins read all" on public.packages rename to "packages: staff read all";
alter policy "packages: staff read all" on public.packages using ((select public.is_staff()));
alter policy "packages: admins insert" on public.packages rename to "packages: staff insert";
alter policy "packages: staff insert" on public.packages with check ((select public.is_staff()));
alter policy "packages: admins update" on public.packages rename to "packages: staff update";
alter policy "packages: staff update" on public.packages using ((select public.is_staff())) with check ((select public.is_staff()));
alter policy "package_events: admins read all" on public.package_events rename to "package_events: staff read all";
alter policy "package_events: staff read all" on public.package_events using ((select public.is_staff()));
alter policy "prealerts: admins read all" on public.prealerts rename to "prealerts: staff read all";
alter policy "prealerts: staff read all" on public.prealerts using ((select public.is_staff()));
alter policy "shipments: admins read all" on public.shipments rename to "shipments: staff read all";
alter policy "shipments: staff read all" on public.shipments using ((select public.is_staff()));
alter policy "shipment_items: admins read all" on public.shipment_items rename to "shipment_items: staff read all";
alter policy "shipment_items: staff read all" on public.shipment_items using ((select public.is_staff()));
alter policy "shipment_events: admins read all" on public.shipment_events rename to "shipment_events: staff read all";
alter policy "shipment_events: staff read all" on public.shipment_events using ((select public.is_staff()));
alter policy "account_entries: admins read all" on public.account_entries rename to "account_entries: staff read all";
alter policy "account_entries: staff read all" on public.account_entries using ((select public.is_staff()));
alter policy "account_balances: admins read all" on public.account_balances rename to "account_balances: staff read all";
alter policy "account_balances: staff read all" on public.account_balances using ((select public.is_staff()));
alter policy "package photos: admins manage them" on storage.objects rename to "package photos: staff manage them";
alter policy "package photos: staff manage them" on storage.objects
  using (bucket_id = 'package-photos' and (select public.is_staff()))
  with check (bucket_id = 'package-photos' and (select public.is_staff()));
alter policy "documents: admins read them all" on storage.objects rename to "documents: staff read them all";
alter policy "documents: staff read them all" on storage.objects
  using (bucket_id = 'documents' and (select public.is_staff()));

-- The audit log: what writes a line, who and what it says, in supabase/schemas/98_audit_log.sql.
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_role text not null,
  action text not null,
  table_name text not null,
  row_id text not null,
  changed text[] not null default '{}',
  before jsonb,
  after jsonb
);

-- The screen's filters, newest first, keyset paged on (at, id): all lines, or by actor, action or table.
create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_actor_idx on public.audit_log (actor_id, at desc, id desc);
create index audit_log_action_idx on public.audit_log (action, at desc, id desc);
create index audit_log_table_idx on public.audit_log (table_name, at desc, id desc);

create or replace function public.audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the audit log is never changed nor deleted' using errcode = '42501', hint = 'audit_log_append_only';
end
$$;

create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function public.audit_log_append_only();

create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function public.audit_log_append_only();

-- The action key of a change to a row of p_table (tg_op p_op, rows as JSON), by an actor who is staff
-- (p_staff) or not; null when the change is not audited. Internal.
create or replace function public.audit_action(p_table text, p_op text, p_old jsonb, p_new jsonb, p_staff boolean)
returns text
language sql
stable
set search_path = ''
as $$
  select case p_table
    when 'account_entries' then
      case when p_op = 'INSERT' and (p_staff or p_new ->> 'posted_by' is not null or p_new ->> 'kind' = 'refund') then 'money.' || (p_new ->> 'kind') end
    when 'rates' then 'rate.' || lower(p_op)
    when 'plans' then 'plan.' || lower(p_op)
    when 'profiles' then
      case
        when p_op = 'DELETE' then 'profile.delete'
        when p_op = 'UPDATE' and p_new ->> 'role' is distinct from p_old ->> 'role' then 'role.change'
        when p_op = 'UPDATE' and p_staff and p_new ->> 'id' is distinct from auth.uid()::text then 'profile.update'
      end
    when 'articles' then
      case
        when p_op = 'DELETE' then 'article.delete'
        when p_new ->> 'status' = 'published' and p_old ->> 'status' is distinct from 'published' then 'article.publish'
        when p_old ->> 'status' = 'published' and p_new ->> 'status' is distinct from 'published' then 'article.unpublish'
      end
    when 'faqs' then
      case
        when p_op = 'DELETE' then 'faq.delete'
        when (p_new ->> 'published')::boolean and not coalesce((p_old ->> 'published')::boolean, false) then 'faq.publish'
        when (p_old ->> 'published')::boolean and not (p_new ->> 'published')::boolean then 'faq.unpublish'
      end
    when 'packages' then
      case
        when p_op = 'DELETE' then 'package.delete'
        when p_new ->> 'deleted_at' is not null and p_old ->> 'deleted_at' is null then 'package.delete'
        when p_new ->> 'deleted_at' is null and p_old ->> 'deleted_at' is not null then 'package.restore'
      end
  end
$$;

-- The trigger on every audited table: decides the action and writes the line. SECURITY DEFINER: no API
-- role writes the log, whoever changed the row.
create or replace function public.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_actor uuid := auth.uid();
  v_role text := (select p.role from public.profiles p where p.id = v_actor);
  v_action text;
  v_changed text[];
  v_kept text[];
begin
  -- Someone deleting their own account: their role as it was.
  if tg_table_name = 'profiles' and tg_op = 'DELETE' and v_old ->> 'id' = v_actor::text then
    v_role := v_old ->> 'role';
  end if;
  v_action := public.audit_action(tg_table_name, tg_op, v_old, v_new, coalesce(v_role in ('clerk', 'admin'), false));
  if v_action is null then
    return null;
  end if;
  v_changed := array(
    select k from jsonb_object_keys(coalesce(v_new, v_old)) k
    where k not in ('change_xid', 'version', 'updated_at', 'updated_by')
      and (tg_op <> 'UPDATE' or v_new -> k is distinct from v_old -> k)
    order by k);
  v_kept := case when tg_table_name = 'profiles' then array(select unnest(v_changed) intersect select unnest(array['id', 'role', 'plan'])) else v_changed end;
  insert into public.audit_log (actor_id, actor_role, action, table_name, row_id, changed, before, after)
  values (
    v_actor,
    coalesce(v_role, auth.role(), 'system'),
    v_action,
    tg_table_name,
    coalesce(v_new, v_old) ->> case when tg_table_name = 'rates' then 'key' else 'id' end,
    case when tg_op = 'UPDATE' then v_changed else '{}' end,
    (select jsonb_object_agg(k, v_old -> k) from unnest(v_kept) k where v_old is not null),
    (select jsonb_object_agg(k, v_new -> k) from unnest(v_kept) k where v_new is not null));
  return null;
end
$$;

create trigger audit_account_entries after insert on public.account_entries
  for each row execute function public.audit_row_change();
create trigger audit_rates after insert or update or delete on public.rates
  for each row execute function public.audit_row_change();
create trigger audit_plans after insert or update or delete on public.plans
  for each row execute function public.audit_row_change();
create trigger audit_profiles after update or delete on public.profiles
  for each row execute function public.audit_row_change();
create trigger audit_articles after insert or update of status or delete on public.articles
  for each row execute function public.audit_row_change();
create trigger audit_faqs after insert or update of published or delete on public.faqs
  for each row execute function public.audit_row_change();
create trigger audit_packages after update of deleted_at or delete on public.packages
  for each row execute function public.audit_row_change();

-- The audit screen's page: the lines matching every filter given (null: any), newest first, at most
-- p_limit (1 to 200, 50 when null), after the cursor p_before (the `next` of the page before; null for
-- the first page). p_from and p_to bound `at` (from inclusive, to exclusive). Returns
-- {lines: [{id, at, actor_id, actor_role, actor_name, action, table_name, row_id, changed, before,
-- after}], next: cursor or null when there is no more}. actor_name is the actor's name or email now
-- (null once their profile is gone). Admins (and the service role) only: admins_only.
create or replace function public.audit_log_page(p_actor uuid default null, p_action text default null, p_table text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_before text default null, p_limit integer default 50)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_before_at timestamptz;
  v_before_id bigint;
  v_lines jsonb;
  v_more boolean;
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'permission denied: only admins read the audit log' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_before is not null then
    begin
      v_before_at := split_part(p_before, '|', 1)::timestamptz;
      v_before_id := split_part(p_before, '|', 2)::bigint;
    exception when others then
      raise exception 'p_before must be a cursor this function returned' using errcode = '22023', hint = 'bad_request';
    end;
  end if;
  -- Only the filters given reach the planner, so it takes the index that serves them.
  execute format(
    $q$select coalesce(jsonb_agg(to_jsonb(l) order by l.at desc, l.id desc) filter (where l.n <= $8), '[]'::jsonb), count(*) > $8
       from (
         select a.id, a.at, a.actor_id, a.actor_role, coalesce(p.full_name, p.email) as actor_name, a.action, a.table_name,
           a.row_id, a.changed, a.before, a.after, row_number() over (order by a.at desc, a.id desc) as n
         from (select * from public.audit_log a where true %s %s %s %s %s %s order by a.at desc, a.id desc limit $8 + 1) a
         left join public.profiles p on p.id = a.actor_id
       ) l$q$,
    case when p_actor is not null then 'and a.actor_id = $1' else '' end,
    case when p_action is not null then 'and a.action = $2' else '' end,
    case when p_table is not null then 'and a.table_name = $3' else '' end,
    case when p_from is not null then 'and a.at >= $4' else '' end,
    case when p_to is not null then 'and a.at < $5' else '' end,
    case when p_before is not null then 'and (a.at, a.id) < ($6, $7)' else '' end)
  into v_lines, v_more
  using p_actor, p_action, p_table, p_from, p_to, v_before_at, v_before_id, v_limit;
  return jsonb_build_object(
    'lines', (select coalesce(jsonb_agg(l - 'n' order by o), '[]'::jsonb) from jsonb_array_elements(v_lines) with ordinality x (l, o)),
    'next', case when v_more then (select (l ->> 'at') || '|' || (l ->> 'id') from jsonb_array_elements(v_lines) with ordinality x (l, o) order by o desc limit 1) end);
end
$$;

revoke execute on function public.audit_log_append_only() from public, anon, authenticated;
revoke execute on function public.audit_action(text, text, jsonb, jsonb, boolean) from public, anon, authenticated;
revoke execute on function public.audit_row_change() from public, anon, authenticated;
revoke execute on function public.audit_log_page(uuid, text, text, timestamptz, timestamptz, text, integer) from public, anon;
grant execute on function public.audit_log_page(uuid, text, text, timestamptz, timestamptz, text, integer) to authenticated, service_role;

revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;

alter table public.audit_log enable row level security;

create policy "audit_log: admins read it" on public.audit_log
  for select to authenticated using ((select public.is_admin()));
