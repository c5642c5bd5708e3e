-- Notifications: what a customer is told, made by the database when the thing happens (never by a
-- client), read by its owner only, pulled with a checkpoint (pull_notifications, 80_pulls.sql) and
-- heard live like packages, and marked read by idempotent RPCs. Pushing them to phones is 75_push.sql.
--
-- Made here: a package received at the warehouse (on its first arrival only, with the prealert it
-- matched, if any), any other status change of a package not made by a shipment's step, a shipment
-- awaiting the customer's approval (with the final price), a shipment shipped (with the carrier and its
-- tracking number): one per shipment event, whose package status changes tell nothing of their own.
-- And the daily storage reminders (notify_storage_endings). Each comes from the event row its change
-- wrote (package_events, shipment_events), in a trigger deferred to the end of the transaction, so it
-- sees what that transaction did after writing the event (the prealert register_package matches, the
-- carrier and tracking number of a shipment). `source` names that event: a replayed op writes no new
-- event, and no event is told twice.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null constraint notifications_kind_known check (kind in (
    'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day',
    'payment_received', 'charge_due')),
  payload jsonb not null default '{}'::jsonb constraint notifications_payload_is_object check (jsonb_typeof(payload) = 'object'),
  source text not null constraint notifications_source_once unique,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  change_xid xid8 not null default pg_current_xact_id()
);

create index notifications_owner_change_idx on public.notifications (user_id, change_xid, id);

-- Every write stamps the row for the pulls. A notification changes once: it is read. Anything else (a
-- payload rewritten, read_at moved or cleared) would give a row the device showed a stamp after its
-- checkpoint, which mark_notifications_read_through relies on.
create or replace function public.notifications_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if old.read_at is not null or new.read_at is null then
      raise exception 'notification % changes only by being read, once', old.id
        using errcode = '22023', hint = 'bad_request', detail = jsonb_build_object('notification', old.id)::text;
    end if;
    new.id := old.id;
    new.user_id := old.user_id;
    new.kind := old.kind;
    new.payload := old.payload;
    new.source := old.source;
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

create trigger notifications_stamp
  before insert or update on public.notifications
  for each row execute function public.notifications_stamp();

-- A package's status event made by a shipment's step: the step names it md5(its op : the package).
create or replace function public.is_shipment_step_event(p_event public.package_events, p_shipment_id uuid)
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

-- Packages: one notification per applied status event, for the package's owner; none for a received
-- status that is not the package's first (a cancelled shipment returning it), nor for a status a
-- shipment's step set (the shipment's own notification tells it).
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

create constraint trigger package_events_notify
  after insert on public.package_events
  deferrable initially deferred
  for each row execute function public.notify_package_event();

-- Shipments: awaiting the customer's approval (with the final price), and shipped (with the carrier and
-- its tracking number).
create or replace function public.notify_shipment_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_shipment public.shipments;
begin
  if new.status not in ('awaiting_approval', 'shipped') then
    return null;
  end if;
  select * into v_shipment from public.shipments s where s.id = new.shipment_id;
  if not found then
    return null;
  end if;
  insert into public.notifications (user_id, kind, payload, source)
  values (
    v_shipment.user_id,
    case when new.status = 'awaiting_approval' then 'shipment_awaiting_approval' else 'shipment_shipped' end,
    jsonb_strip_nulls(jsonb_build_object(
      'shipment_id', v_shipment.id, 'status', new.status, 'final_cents', v_shipment.final_cents,
      'carrier', v_shipment.carrier, 'outbound_tracking', v_shipment.outbound_tracking)),
    'shipment_event:' || new.id)
  on conflict on constraint notifications_source_once do nothing;
  return null;
end
$$;

create constraint trigger shipment_events_notify
  after insert on public.shipment_events
  deferrable initially deferred
  for each row execute function public.notify_shipment_event();

-- Marking read, from the device's outbox. Three shapes of op, the last current:
--   * mark_notifications_read: the caller's own notifications among p_ids that are not read yet. A
--     replay finds them read and changes nothing, so it is applied once without a ledger of its own.
--   * mark_notifications_read_until: everything made at or before a time (the created_at of the
--     newest notification the device held). It also marked ones the device never showed: a slow job's
--     transaction stamps created_at when it begins and commits after a pull.
--   * mark_notifications_read_through: everything at or before the device's checkpoint of its
--     notifications stream, exactly what it showed (see below).
-- The first two stay for ops of those shapes still queued on devices. Each returns how many it marked.

-- The ops of the last two shapes already applied, one row per op id, so a replay returns the first
-- outcome and changes nothing (not even a notification committed since), and a second change under the
-- same op id is told from a replay. Each records its bound: a time (up_to) or a checkpoint (through).
-- They go with their customer. No API role reads or writes it; the policy says so to whoever adds a
-- grant.
create table public.notification_read_ops (
  op_id uuid primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  up_to timestamptz,
  marked integer,
  recorded_at timestamptz not null default now(),
  through text,
  constraint notification_read_ops_one_bound check ((up_to is null) <> (through is null))
);

create index notification_read_ops_user_idx on public.notification_read_ops (user_id);

create or replace function public.mark_notifications_read(p_op_id uuid, p_ids uuid[])
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_ids is null then
    raise exception 'p_op_id and p_ids are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if cardinality(p_ids) > 1000 then
    raise exception 'At most 1000 notifications at once' using errcode = '22023', hint = 'bad_request';
  end if;
  update public.notifications n set read_at = now()
  where n.id = any (p_ids) and n.user_id = auth.uid() and n.read_at is null;
  get diagnostics v_marked = row_count;
  return json_build_object('marked', v_marked);
end
$$;

-- A replay racing the first call waits on its uncommitted op id, then sees it (a new snapshot per
-- statement in READ COMMITTED).
create or replace function public.mark_notifications_read_until(p_op_id uuid, p_up_to timestamptz)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_op public.notification_read_ops;
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_up_to is null then
    raise exception 'p_op_id and p_up_to are required' using errcode = '22004', hint = 'bad_request';
  end if;
  insert into public.notification_read_ops (op_id, user_id, up_to)
  values (p_op_id, auth.uid(), p_up_to)
  on conflict (op_id) do nothing;
  if not found then
    select * into v_op from public.notification_read_ops o where o.op_id = p_op_id;
    if v_op.user_id is distinct from auth.uid() or v_op.up_to is distinct from p_up_to then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
    end if;
    return json_build_object('marked', v_op.marked);
  end if;
  update public.notifications n set read_at = now()
  where n.user_id = auth.uid() and n.read_at is null and n.created_at <= p_up_to;
  get diagnostics v_marked = row_count;
  update public.notification_read_ops o set marked = v_marked where o.op_id = p_op_id;
  return json_build_object('marked', v_marked);
end
$$;

-- Marks read the caller's own unread notifications at or before p_checkpoint ("<change_xid>:<id>",
-- where the device's last pull of its notifications ended) in the pulls' order. Idempotent on the op id
-- as mark_notifications_read_until is; the same op id with another checkpoint, or another caller's, is
-- refused.
--
-- Why that is exactly what the device showed: the pull delivers every row stamped at or before its
-- checkpoint (a page holds only rows of transactions older than the oldest one running, and any write
-- after it takes a later transaction id), so the device holds each of them as it was then. A
-- notification changes only by being read, once (notifications_stamp), so one still unread keeps the
-- stamp it was made with: unread and at or before the checkpoint is unread and shown. One read
-- meanwhile (another device) needs nothing; one made or changed after the pull is after the checkpoint.
-- The pull says each row's change_xid, so the device lays the mark over the same rows
-- (local-db/notification-overlay.ts).
create or replace function public.mark_notifications_read_through(p_op_id uuid, p_checkpoint text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_xid xid8;
  v_id uuid;
  v_through text;
  v_op public.notification_read_ops;
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_checkpoint is null then
    raise exception 'p_op_id and p_checkpoint are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if p_checkpoint !~ '^[0-9]{1,19}:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    raise exception 'p_checkpoint is not a pull checkpoint' using errcode = '22023', hint = 'bad_request';
  end if;
  v_xid := pg_catalog.split_part(p_checkpoint, ':', 1)::xid8;
  v_id := pg_catalog.split_part(p_checkpoint, ':', 2)::uuid;
  -- As the pull prints it, so one checkpoint spelled two ways is one change.
  v_through := public.pull_checkpoint(v_xid, v_id);
  insert into public.notification_read_ops (op_id, user_id, through)
  values (p_op_id, auth.uid(), v_through)
  on conflict (op_id) do nothing;
  if not found then
    select * into v_op from public.notification_read_ops o where o.op_id = p_op_id;
    if v_op.user_id is distinct from auth.uid() or v_op.through is distinct from v_through then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
        detail = jsonb_build_object('op', p_op_id)::text;
    end if;
    return json_build_object('marked', v_op.marked);
  end if;
  update public.notifications n set read_at = now()
  where n.user_id = auth.uid() and n.read_at is null and (n.change_xid, n.id) <= (v_xid, v_id);
  get diagnostics v_marked = row_count;
  update public.notification_read_ops o set marked = v_marked where o.op_id = p_op_id;
  return json_build_object('marked', v_marked);
end
$$;

-- The packages whose free storage counts down on p_today: at the warehouse (received or available),
-- not deleted, and not leaving in a requested or processing shipment. Each with its last free day
-- (storage_last_free_day: the Miami day of its arrival, its first 'recibido' or else its
-- registration, plus its owner's plan's free days), the days left (0 on the last free day, negative
-- once it has passed) and whether its storage is ending (in its last 5 days, or past them). The
-- report's figure and the reminders read it; the database owner's alone (they are SECURITY DEFINER).
create or replace function public.storage_countdowns(p_today date)
returns table (package_id uuid, user_id uuid, tracking_code text, last_free_day date, days_left integer, ending boolean)
language sql
stable
set search_path = ''
as $$
  select c.id, c.user_id, c.tracking_code, c.last_free_day, c.last_free_day - p_today, c.last_free_day - p_today <= 5
  from (
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
  ) c
$$;

revoke execute on function public.storage_countdowns(date) from public, anon, authenticated;

-- Storage reminders, once a day: a waiting package whose free storage ends within 5 days
-- (storage_ending), and one on or past its last free day (storage_last_day). Days are the warehouse's
-- (Miami); which packages count down, and their days left, are storage_countdowns' (the admin
-- report's and src/business-rules/storage.ts' rule: packages in a requested or processing shipment
-- are leaving, not waiting). A reminder is due on any day of its window, not only on its exact day, so a day the job did
-- not run is caught up on the next run, the last day's too (up to 5 days after it; its payload then
-- says how many days ago free storage ended: days_left below 0); the 5-day notice is not made once the
-- last day has passed, since the last day's reminder says more. `source` (kind, package, last free day)
-- makes each reminder once. The payload says the days left on the day it is made.
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
  with due as (
    select c.*, case when c.days_left <= 0 then 'storage_last_day' else 'storage_ending' end as kind
    from public.storage_countdowns(v_today) c
    where c.ending and c.days_left >= -5
  )
  insert into public.notifications (user_id, kind, payload, source)
  select d.user_id, d.kind,
    jsonb_build_object('package_id', d.package_id, 'tracking_code', d.tracking_code, 'last_free_day', d.last_free_day, 'days_left', d.days_left),
    d.kind || ':' || d.package_id || ':' || d.last_free_day
  from due d
  on conflict on constraint notifications_source_once do nothing;
  get diagnostics v_made = row_count;
  return v_made;
end
$$;

revoke execute on function public.notifications_stamp() from public, anon, authenticated;
revoke execute on function public.is_shipment_step_event(public.package_events, uuid) from public, anon, authenticated;
revoke execute on function public.notify_package_event() from public, anon, authenticated;
revoke execute on function public.notify_shipment_event() from public, anon, authenticated;
revoke execute on function public.mark_notifications_read(uuid, uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid, uuid[]) to authenticated;
revoke execute on function public.mark_notifications_read_until(uuid, timestamptz) from public, anon;
grant execute on function public.mark_notifications_read_until(uuid, timestamptz) to authenticated;
revoke execute on function public.mark_notifications_read_through(uuid, text) from public, anon;
grant execute on function public.mark_notifications_read_through(uuid, text) to authenticated;
revoke execute on function public.notify_storage_endings(date) from public, anon, authenticated;
grant execute on function public.notify_storage_endings(date) to service_role;

revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
revoke all on public.notification_read_ops from anon, authenticated;

alter table public.notifications enable row level security;
alter table public.notification_read_ops enable row level security;

create policy "notifications: users read their own" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));

create policy "notification_read_ops: not for the API" on public.notification_read_ops
  as restrictive for all to anon, authenticated using (false) with check (false);

-- The reminders' schedule: on a hosted project (it has pg_cron), every day at 13:00 UTC (8 or 9 in the
-- morning in Miami); the local backend runs the same function on a timer of its own. The schedule is a
-- row in cron.job, not a schema object: `supabase db diff` neither sees nor writes it, so a change to
-- it is written in a migration by hand.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('storage-reminders', '0 13 * * *', 'select public.notify_storage_endings()');
  end if;
end
$$;
