-- Plans: every profile has one (basic, standard or premium; basic by default),
-- which sets how many days a package waits at the warehouse for free. Only
-- admins change it, protected as the role is: the API role may update the
-- column (so an admin's save goes through PostgREST) and the guard trigger
-- refuses anyone else. pull_profiles carries it to the offline copies.

alter table public.profiles
  add column plan text not null default 'basic' check (plan in ('basic', 'standard', 'premium'));

grant update (plan) on public.profiles to authenticated;

-- As in 20261123120000_admin_desk, plus: only admins change a plan (their own
-- included: a plan is a commercial matter, not a privilege).
create or replace function public.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if new.id is distinct from old.id
      or new.email is distinct from old.email
      or new.created_at is distinct from old.created_at then
      raise exception 'profile id, email and created_at cannot be changed' using errcode = '42501';
    end if;
    if new.role is distinct from old.role and not public.is_admin() then
      raise exception 'only admins can change a role' using errcode = '42501';
    end if;
    if new.plan is distinct from old.plan and not public.is_admin() then
      raise exception 'only admins can change a plan' using errcode = '42501';
    end if;
    if old.id = auth.uid() and old.role = 'admin' and new.role is distinct from 'admin' then
      raise exception 'admins cannot remove their own admin role' using errcode = '42501';
    end if;
    if old.id is distinct from auth.uid() and (
      new.country is distinct from old.country
      or new.delivery_address is distinct from old.delivery_address
      or new.city is distinct from old.city
      or new.postal_code is distinct from old.postal_code
      or new.id_number is distinct from old.id_number
    ) then
      raise exception 'admins may change only the full name, phone and role of other users (and their plan)' using errcode = '42501';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- As in 20261123140000_lighter_pulls, plus the plan. Same signature and
-- return type, so create or replace keeps its grants.
create or replace function public.pull_profiles(p_since text, p_limit integer default 500)
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
            'role', (pg.profile).role, 'plan', (pg.profile).plan, 'country', (pg.profile).country,
            'delivery_address', (pg.profile).delivery_address,
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
