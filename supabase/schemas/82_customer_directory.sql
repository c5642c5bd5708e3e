-- The customer directory: a staff member's device keeps every customer (what receiving and the lists need:
-- id, locker code, email, name, phone, plan, role, avatar, signup date), so the package tool finds a
-- customer idle for a year offline, by the locker code printed on a label. It is pulled like every
-- other stream (checkpointed, late commits delivered late, never skipped: 80_pulls.sql), but as compact
-- tuples in pages of up to 5,000: at 50,000 customers the whole directory is ten requests and a few
-- megabytes. The device stores it many customers to an IndexedDB record and searches it in memory
-- (src/local-db/directory.ts).

-- Every customer (and staff member), for staff: each as a tuple
-- [id, locker_code, email, full_name, phone, plan, role, avatar_path, created_at], in (change_xid, id)
-- order after the checkpoint, up to 5,000 a page (5,000 when not given), and the ids of those deleted
-- lately. Anyone else gets empty pages.
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

revoke execute on function public.pull_directory(text, integer) from public, anon;
grant execute on function public.pull_directory(text, integer) to authenticated, service_role;
