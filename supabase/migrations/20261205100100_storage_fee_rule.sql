-- Storage fees by the issue's rule instead of a 7-day cap on the catch-up (20261205100000 is merged by
-- other branches, so it stays as it is): a day costs the rate in effect when it began, none before the
-- fee was introduced, and no day a package spent in a shipment (a cancelled one included) is charged.
-- What and why: supabase/schemas/96_money.sql.

-- The fee's introduction, in the rate's history: from 0 (no fee before these migrations) to the rate
-- 20261205100000 set, when that migration ran (the rate row's updated_at; on a database where an admin
-- changed the rate since, the first change's time, the earliest one known).
insert into public.rate_changes (key, old_value, new_value, changed_by, changed_at)
select r.key, 0, coalesce(
    (select c.old_value from public.rate_changes c where c.key = r.key order by c.changed_at, c.id limit 1), r.value),
  null,
  coalesce((select min(c.changed_at) from public.rate_changes c where c.key = r.key), r.updated_at)
from public.rates r
where r.key = 'storage_fee_cents_per_day'
  and not exists (select 1 from public.rate_changes c where c.key = r.key and c.old_value = 0);

-- The storage fee of a Miami day: the storage_fee_cents_per_day rate in effect when the day began (its
-- last change before that midnight; before the first change, the value that change replaced). A day is
-- charged what the rate said when it started, so when the job runs (on time, or catching up) never
-- changes what a day costs. The fee was introduced by the rate's first change from 0 (a project's
-- first rate_changes row for it, recorded when 20261205100100 ran): every day that began before it costs
-- 0. Introduced by the rate's history rather than by a fixed date in a migration, because a project
-- that deploys the fees weeks after that date would otherwise charge its first run for those weeks.
create or replace function public.storage_fee_cents_on(p_day date)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select c.new_value from public.rate_changes c
     where c.key = 'storage_fee_cents_per_day' and c.changed_at <= p_day::timestamp at time zone 'America/New_York'
     order by c.changed_at desc, c.id desc limit 1),
    (select c.old_value from public.rate_changes c
     where c.key = 'storage_fee_cents_per_day'
     order by c.changed_at, c.id limit 1),
    public.rate_value('storage_fee_cents_per_day'),
    0)::bigint
$$;

-- A shipment's ops in order: post_storage_fees reads which packages each put in or took out.
create index shipment_ops_shipment_idx on public.shipment_ops (shipment_id, recorded_at);

-- Storage fees, once a day (pg_cron on a hosted project, the stand-in's daily jobs locally): each package
-- whose free storage has ended and that waits at the warehouse today (storage_countdowns) is charged, for
-- each Miami day after its last free day up to p_today, that day's fee (storage_fee_cents_on), one line
-- per package and day (key 'storage:' || package || ':' || day). Days a run missed are caught up by the
-- next. A day the package spent, even in part, in a shipment is never charged: from the day an op put it
-- in (request or set_packages, shipment_ops) to the day the shipment was cancelled (shipment_events) or an
-- op took it out, so a cancelled shipment's days stay free; a shipment still open holds its packages out
-- of storage_countdowns altogether. Days that cost 0 (before the fee was introduced, or with a rate of 0)
-- post nothing. Returns how many lines it posted.
create or replace function public.post_storage_fees(p_today date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (pg_catalog.now() at time zone 'America/New_York')::date);
  v_due record;
  v_posted integer := 0;
begin
  for v_due in
    with overdue as (
      select c.package_id, c.user_id, c.last_free_day
      from public.storage_countdowns(v_today) c
      where c.days_left < 0
    ),
    fees as (
      select d::date as day, public.storage_fee_cents_on(d::date) as cents
      from generate_series((select min(o.last_free_day) + 1 from overdue o)::timestamp, v_today::timestamp, interval '1 day') d
    ),
    held as (
      select h.package_id, (h.from_at at time zone 'America/New_York')::date as first_day,
        coalesce((h.until_at at time zone 'America/New_York')::date, v_today) as last_day
      from (
        select o.package_id, op.recorded_at as from_at,
          least(
            (select min(n.recorded_at) from public.shipment_ops n
             where n.shipment_id = op.shipment_id and n.kind = 'set_packages' and n.recorded_at > op.recorded_at
               and not (n.args -> 'package_ids') ? o.package_id::text),
            (select min(e.recorded_at) from public.shipment_events e
             where e.shipment_id = op.shipment_id and e.status = 'cancelled')) as until_at
        from overdue o
        join public.shipments s on s.user_id = o.user_id
        join public.shipment_ops op on op.shipment_id = s.id and op.kind in ('request', 'set_packages')
          and (op.args -> 'package_ids') ? o.package_id::text
      ) h
    )
    select o.package_id, o.user_id, f.day, f.cents, 'storage:' || o.package_id || ':' || f.day as key
    from overdue o
    join fees f on f.day > o.last_free_day and f.cents > 0
    where not exists (select 1 from held h where h.package_id = o.package_id and f.day between h.first_day and h.last_day)
      and not exists (select 1 from public.account_entries e where e.idempotency_key = 'storage:' || o.package_id || ':' || f.day)
    order by o.user_id, o.package_id, f.day
  loop
    perform public.post_account_entry(v_due.key, v_due.user_id, 'storage_fee', v_due.cents,
      p_package_id => v_due.package_id, p_storage_day => v_due.day);
    v_posted := v_posted + 1;
  end loop;
  return v_posted;
end
$$;

revoke execute on function public.storage_fee_cents_on(date) from public, anon, authenticated;
