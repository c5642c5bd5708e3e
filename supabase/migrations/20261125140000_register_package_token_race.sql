-- register_package under racing replays: six connections sending the same registration at once
-- could see one of them fail with "duplicate key value violates unique constraint
-- packages_public_token_key" instead of getting the package. `on conflict (id) do nothing` only
-- arbitrates the primary key; when the concurrent insert's row reaches the public token's unique
-- index first, Postgres raises the violation after waiting for it. That violation now means
-- "nothing inserted" and goes through the same replay check as a conflict on the id. Otherwise as
-- in 20261123172000_prealerts (same signature, so create or replace keeps the grants).

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
  if not public.is_admin() then
    raise exception 'permission denied: only admins can register a package' using errcode = '42501';
  end if;
  if p_op_id is null or p_package_id is null or p_user_id is null or p_public_token is null then
    raise exception 'p_op_id, p_package_id, p_user_id and p_public_token are required' using errcode = '22004';
  end if;

  v_request := jsonb_build_object(
    'user_id', p_user_id, 'public_token', p_public_token, 'status', p_status,
    'tracking_code', nullif(btrim(p_tracking_code), ''),
    'weight_kg', p_weight_kg, 'volume_m3', p_volume_m3, 'meta', p_meta
  );

  v_replay := public.is_registration_replay(p_op_id, p_package_id, v_request);
  if not v_replay then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
  elsif v_replay then
    select * into v_package from public.packages where id = p_package_id;
    return jsonb_build_object('outcome', 'replayed', 'package', public.package_json(v_package));
  end if;

  select l.code into v_locker_code from public.lockers l where l.user_id = p_user_id;
  if not found then
    raise exception 'customer % not found', p_user_id using errcode = 'PT404';
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
    raise exception 'package % already exists', p_package_id using errcode = 'PT409';
  elsif not v_replay then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
  end if;
  select * into v_package from public.packages where id = p_package_id;
  return jsonb_build_object('outcome', 'replayed', 'package', public.package_json(v_package));
end
$$;
