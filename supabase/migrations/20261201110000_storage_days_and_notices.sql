-- Issue 32, storage days and notifications.
--
-- 1. The plans' terms live in one table (src/business-rules/plans.ts is the device's copy, held equal
--    by tests/db/storage-days.test.ts), and the last free storage day in one function, a Miami
--    calendar day, that the reminders call.
-- 2. One notification per shipment event: the package status changes a shipment's step makes are
--    told by the shipment's own notification, not one per package.
-- 3. "Package arrived" only on a package's first arrival: a cancelled shipment putting its packages
--    back on the shelf tells nothing more.
-- 4. Storage reminders: none for packages in a requested or processing shipment, a missed day caught
--    up on the next run (each reminder once), and the days actually left in the payload.

create table public.plans (
  id text primary key,
  free_storage_days integer not null check (free_storage_days > 0),
  free_consolidation boolean not null
);

insert into public.plans (id, free_storage_days, free_consolidation) values
  ('basic', 30, false),
  ('standard', 45, true),
  ('premium', 60, true);

-- Read by everyone, written only by migrations.
revoke all on public.plans from anon, authenticated;
grant select on public.plans to anon, authenticated;
alter table public.plans enable row level security;
create policy "plans: everyone reads" on public.plans for select to anon, authenticated using (true);

-- The last free storage day of a package that arrived at p_arrived_at, for a customer on p_plan: the
-- Miami calendar day of its arrival plus the plan's free days.
create function public.storage_last_free_day(p_arrived_at timestamptz, p_plan text)
returns date
language sql
stable
set search_path = ''
as $$
  select (p_arrived_at at time zone 'America/New_York')::date + pl.free_storage_days
  from public.plans pl
  where pl.id = p_plan
$$;

-- A package's status event made by a shipment's step: the step names it md5(its op : the package).
create function public.is_shipment_step_event(p_event public.package_events, p_shipment_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.shipment_ops o
    where o.shipment_id = p_shipment_id
      and md5(o.op_id::text || ':' || p_event.package_id::text)::uuid = p_event.op_id)
$$;

revoke execute on function public.is_shipment_step_event(public.package_events, uuid) from public, anon, authenticated;

-- As in 20261127100000_notifications, plus: a received status that is not the package's first tells
-- nothing (a cancelled shipment returning it), nor does a status a shipment's step set.
create or replace function public.notify_package_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_prealert public.prealerts;
begin
  if new.outcome <> 'applied' or (new.status = 'recibido' and not new.first_of_status) then
    return null;
  end if;
  select * into v_package from public.packages p where p.id = new.package_id;
  if not found or v_package.deleted_at is not null then
    return null;
  end if;
  if v_package.shipment_id is not null and public.is_shipment_step_event(new, v_package.shipment_id) then
    return null;
  end if;
  if new.status = 'recibido' then
    select * into v_prealert from public.prealerts a where a.package_id = v_package.id order by a.updated_at desc limit 1;
  end if;
  insert into public.notifications (user_id, kind, payload, source)
  values (
    v_package.user_id,
    case when new.status = 'recibido' then 'package_received' else 'package_status' end,
    jsonb_build_object('package_id', v_package.id, 'tracking_code', v_package.tracking_code, 'status', new.status)
      || case when v_prealert.id is null then '{}'::jsonb
         else jsonb_build_object('prealert', jsonb_build_object('id', v_prealert.id, 'store', v_prealert.store, 'description', v_prealert.description)) end,
    'package_event:' || new.id)
  on conflict on constraint notifications_source_once do nothing;
  return null;
end
$$;

-- As in 20261128100000_push, but: the last free day from storage_last_free_day; packages in a
-- requested or processing shipment are leaving, not waiting; and a reminder is due on any day of its
-- window, not only on its exact day, so a day the job did not run is caught up on the next run while
-- the source (kind, package, last free day) still makes each reminder once. The payload says the
-- days left on the day it is made.
create or replace function public.notify_storage_endings(p_today date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (pg_catalog.now() at time zone 'America/New_York')::date);
  v_made integer;
begin
  with waiting as (
    select p.id, p.user_id, p.tracking_code,
      public.storage_last_free_day(coalesce(
        (select e.changed_at from public.package_events e
         where e.package_id = p.id and e.first_of_status and e.status = 'recibido'
         limit 1),
        p.created_at), pr.plan) as last_free_day
    from public.packages p
    join public.profiles pr on pr.id = p.user_id
    where p.status in ('recibido', 'disponible') and p.deleted_at is null
      and not exists (
        select 1 from public.shipments s
        where s.id = p.shipment_id and s.status in ('requested', 'processing'))
  ),
  due as (
    select w.*, w.last_free_day - v_today as days_left,
      case when w.last_free_day - v_today = 0 then 'storage_last_day' else 'storage_ending' end as kind
    from waiting w
    where w.last_free_day - v_today between 0 and 5
  )
  insert into public.notifications (user_id, kind, payload, source)
  select d.user_id, d.kind,
    jsonb_build_object('package_id', d.id, 'tracking_code', d.tracking_code, 'last_free_day', d.last_free_day, 'days_left', d.days_left),
    d.kind || ':' || d.id || ':' || d.last_free_day
  from due d
  on conflict on constraint notifications_source_once do nothing;
  get diagnostics v_made = row_count;
  return v_made;
end
$$;
