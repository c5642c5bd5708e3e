-- The pulls build their pages as json, not jsonb, with the columns named: same shape, same
-- semantics (see the earlier migrations), about half the database time per page. A first pull
-- moves every row a user can see, so this is most of the server's work on a first sign-in.
-- Their return type changes (jsonb to json), so they are dropped and created again; a new
-- column reaches the clients only when it is added here.

drop function public.pull_packages(text, integer);

create function public.pull_packages(p_since text, p_limit integer default 500)
returns json
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
    select p.*, row_number() over (order by p.change_xid, p.id) as n
    from public.packages p, bounds b
    where (b.since_xid is null or (p.change_xid, p.id) > (b.since_xid, b.since_id))
      and p.change_xid < b.horizon
    order by p.change_xid, p.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'packages', coalesce(
      (select json_agg(json_build_object(
          'id', pg.id, 'user_id', pg.user_id, 'locker_code', pg.locker_code, 'tracking_code', pg.tracking_code,
          'status', pg.status, 'weight_kg', pg.weight_kg, 'volume_m3', pg.volume_m3, 'meta', pg.meta,
          'public_token', pg.public_token, 'version', pg.version, 'deleted_at', pg.deleted_at,
          'created_at', pg.created_at, 'updated_at', pg.updated_at,
          'events', coalesce(
            (select json_agg(json_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
                order by e.recorded_at, e.id)
             from public.package_events e
             where e.package_id = pg.id and e.outcome = 'applied'),
            '[]'::json))
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select pg.change_xid::text || ':' || pg.id::text from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

drop function public.pull_profiles(text, integer);

create function public.pull_profiles(p_since text, p_limit integer default 500)
returns json
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
    select s.change_xid, s.id, s.profile, s.deleted_at,
      row_number() over (order by s.change_xid, s.id) as n
    from (
      select pr.change_xid, pr.id, pr as profile, null::timestamptz as deleted_at
      from public.profiles pr, bounds b
      where (b.since_xid is null or (pr.change_xid, pr.id) > (b.since_xid, b.since_id))
        and pr.change_xid < b.horizon
      union all
      select d.change_xid, d.id, null::public.profiles, d.deleted_at
      from public.deleted_profiles d, bounds b
      where (b.since_xid is null or (d.change_xid, d.id) > (b.since_xid, b.since_id))
        and d.change_xid < b.horizon
        and not exists (select 1 from public.profiles alive where alive.id = d.id)
    ) s
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'profiles', coalesce(
      (select json_agg(
          case when pg.deleted_at is null then json_build_object(
            'id', pg.id, 'email', (pg.profile).email, 'full_name', (pg.profile).full_name, 'phone', (pg.profile).phone,
            'role', (pg.profile).role, 'country', (pg.profile).country, 'delivery_address', (pg.profile).delivery_address,
            'city', (pg.profile).city, 'postal_code', (pg.profile).postal_code, 'id_number', (pg.profile).id_number,
            'created_at', (pg.profile).created_at, 'updated_at', (pg.profile).updated_at,
            'locker_code', (select l.code from public.lockers l where l.user_id = pg.id),
            'deleted_at', null)
          else json_build_object('id', pg.id, 'deleted_at', pg.deleted_at)
          end
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select pg.change_xid::text || ':' || pg.id::text from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

revoke execute on function public.pull_packages(text, integer) from public, anon;
grant execute on function public.pull_packages(text, integer) to authenticated, service_role;
revoke execute on function public.pull_profiles(text, integer) from public, anon;
grant execute on function public.pull_profiles(text, integer) to authenticated, service_role;
