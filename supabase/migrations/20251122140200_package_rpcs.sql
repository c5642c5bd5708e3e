-- The three RPCs the app calls: public tracking, idempotent status changes and
-- the sync pull.

-- Public tracking by token: only the fields SPEC §7 shows, never a soft-deleted
-- package. SECURITY DEFINER because anon cannot read packages at all.
create function public.get_package_by_token(p_token uuid)
returns table (
  status text,
  locker_code text,
  tracking_code text,
  weight_kg numeric,
  volume_m3 numeric,
  updated_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select p.status, p.locker_code, p.tracking_code, p.weight_kg, p.volume_m3, p.updated_at
  from public.packages p
  where p.public_token = p_token and p.deleted_at is null
$$;

-- An admin's status change, replayed from an offline outbox any number of
-- times. Returns {"outcome": "applied"|"superseded", "package": <row>}.
-- The package row lock serializes changes to one package; the replay check
-- runs after it, so a racing replay of the same op waits and then sees the
-- first one's event (op_id's unique constraint backs this up).
create function public.apply_package_status(
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
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins can change a package status' using errcode = '42501';
  end if;
  if p_op_id is null then
    raise exception 'p_op_id is required' using errcode = '22004';
  end if;

  select * into v_package from public.packages where id = p_package_id for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'P0002';
  end if;

  select e.outcome into v_outcome from public.package_events e where e.op_id = p_op_id;
  if found then
    return jsonb_build_object('outcome', v_outcome, 'package', to_jsonb(v_package) - 'change_xid');
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

  return jsonb_build_object('outcome', v_outcome, 'package', to_jsonb(v_package) - 'change_xid');
end
$$;

-- The sync pull: the caller's packages (RLS applies: SECURITY INVOKER) changed
-- after the checkpoint "<change_xid>:<id>", in (change_xid, id) order, each with
-- its applied status history. Only rows written by transactions older than the
-- snapshot's xmin are returned: every such transaction has finished, so no
-- later commit can ever land behind the returned checkpoint. A transaction
-- still running holds the cursor back until it commits (delivered late, never
-- skipped). One SQL statement, so one snapshot decides both.
create function public.pull_packages(p_since text, p_limit integer default 500)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select
      case when coalesce(p_since, '') <> '' then split_part(p_since, ':', 1)::xid8 end as since_xid,
      case when coalesce(p_since, '') <> '' then split_part(p_since, ':', 2)::uuid end as since_id,
      pg_snapshot_xmin(pg_current_snapshot()) as horizon,
      least(greatest(coalesce(p_limit, 500), 1), 1000) as page_size
  ),
  candidates as (
    select p, row_number() over (order by p.change_xid, p.id) as n
    from public.packages p, bounds b
    where (b.since_xid is null or (p.change_xid, p.id) > (b.since_xid, b.since_id))
      and p.change_xid < b.horizon
    order by p.change_xid, p.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.p, c.n from candidates c, bounds b where c.n <= b.page_size
  )
  select jsonb_build_object(
    'packages', coalesce(
      (select jsonb_agg(
          (to_jsonb(pg.p) - 'change_xid') || jsonb_build_object('events', coalesce(
            (select jsonb_agg(
                jsonb_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
                order by e.recorded_at, e.id)
             from public.package_events e
             where e.package_id = (pg.p).id and e.outcome = 'applied'),
            '[]'::jsonb))
          order by pg.n)
       from page pg),
      '[]'::jsonb),
    'checkpoint', coalesce(
      (select (pg.p).change_xid::text || ':' || (pg.p).id::text from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

revoke execute on function public.get_package_by_token(uuid) from public;
grant execute on function public.get_package_by_token(uuid) to anon, authenticated, service_role;
revoke execute on function public.apply_package_status(uuid, uuid, text, timestamptz, bigint) from public, anon;
grant execute on function public.apply_package_status(uuid, uuid, text, timestamptz, bigint) to authenticated, service_role;
revoke execute on function public.pull_packages(text, integer) from public, anon;
grant execute on function public.pull_packages(text, integer) to authenticated, service_role;
