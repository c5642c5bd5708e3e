-- Status changes sent in batches. An outbox replaying a thousand changes after a dropped
-- connection should not need a thousand round trips (on warehouse Wi-Fi each one costs a
-- latency); this applies up to 100 changes in one call, each exactly as apply_package_status
-- would (keyed by its own op_id, so a replayed batch records nothing twice).
--
-- One change's failure does not fail the batch: each runs in its own subtransaction and its
-- error (SQLSTATE and message) is returned in its place, for the client to keep and show.

create function public.apply_package_statuses(p_changes jsonb)
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
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change a package status' using errcode = '42501';
  end if;
  if jsonb_typeof(p_changes) is distinct from 'array' then
    raise exception 'p_changes must be a JSON array of changes' using errcode = '22023';
  end if;
  if jsonb_array_length(p_changes) > 100 then
    raise exception 'at most 100 changes per call, not %', jsonb_array_length(p_changes) using errcode = '22023';
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
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text;
      v_results := v_results || jsonb_build_array(jsonb_build_object(
        'op_id', v_change ->> 'op_id',
        'error', jsonb_build_object('code', v_code, 'message', v_message)
      ));
    end;
  end loop;
  return v_results;
end
$$;

revoke execute on function public.apply_package_statuses(jsonb) from public, anon;
grant execute on function public.apply_package_statuses(jsonb) to authenticated, service_role;
