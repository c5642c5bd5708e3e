-- The warehouse registers a package, from an offline outbox that may send the registration any number
-- of times, and the customer's announced prealert of that tracking number is matched. After prealerts
-- (30_prealerts.sql): register_package reads and marks them.

-- Whether the event of op p_op_id is the registration of p_package_id with this request
-- (register_package's normalised arguments); null when no event has this op. A registration recorded
-- before 20261123150000_admin_integrity (no registration kept) is compared on what cannot have changed
-- since: its status event being the package's first, the owner and the public token.
create or replace function public.is_registration_replay(p_op_id uuid, p_package_id uuid, p_request jsonb)
returns boolean
language sql
stable
set search_path = ''
as $$
  select e.package_id = p_package_id and case
    when e.registration is not null then e.registration = p_request
    else e.status = p_request ->> 'status'
      and p.user_id = (p_request ->> 'user_id')::uuid
      and p.public_token = (p_request ->> 'public_token')::uuid
      and not exists (select 1 from public.package_events f where f.package_id = e.package_id and f.id < e.id)
  end
  from public.package_events e
  join public.packages p on p.id = e.package_id
  where e.op_id = p_op_id
$$;

-- The warehouse's package registration; it creates the package exactly once. The client chooses id
-- and public_token (the label is printed offline); the locker code is always the customer's own.
-- Returns {"outcome": "applied"|"replayed", "package": <package_json>}. Status, weight, volume and meta
-- are left to the table's CHECK constraints.
--
-- The op_id lives on the initial status event, written by the insert's trigger in the same
-- transaction, with the arguments the call was made with (owner, token, status, tracking code,
-- weight, volume, meta; the tracking code as stored, trimmed and blank as null). A replay must carry
-- the same ones: the outbox sends a queued registration unchanged however often it retries, so a
-- difference means two changes under one op_id: PT409, never "replayed". Two replays racing each
-- other: the second waits on the first's uncommitted row, then inserts nothing (ON CONFLICT arbitrates
-- only the id, so the public token's unique violation, when the first's row reaches that index first,
-- means nothing inserted too), and its re-check (a new snapshot in READ COMMITTED) finds the first
-- one's event.
--
-- The matching: when the registration is applied (not on a replay), an announced prealert of the
-- package's owner with the package's tracking number (normalised as prealerts keep it) becomes
-- received with the package's id, and the package is created with the prealert's prealert_id, store,
-- description and declared_value_usd in its meta (the registration's own meta keys win). The merged
-- meta goes into the insert itself, so the package still starts at version 1 (an outbox's next status
-- change is based on it). The registration recorded for replays keeps the meta as sent. The prealert
-- row is locked before the insert: two registrations of that tracking number racing each other match
-- it once.
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

revoke execute on function public.is_registration_replay(uuid, uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.register_package(uuid, uuid, uuid, uuid, text, text, numeric, numeric, jsonb) from public, anon;
grant execute on function public.register_package(uuid, uuid, uuid, uuid, text, text, numeric, numeric, jsonb) to authenticated, service_role;
