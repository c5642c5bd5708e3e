-- Notifications (issue 21), the database's part: what a customer is told, made by the database
-- when the thing happens (never by a client), once per event, read by its owner only, pulled with
-- a checkpoint and heard live like packages, and marked read by an idempotent RPC.
--
-- Made here: a package received at the warehouse (with the prealert it matched, if any), any other
-- status change of a package, a shipment awaiting the customer's approval, a shipment shipped.
-- Each comes from the event row its change wrote (package_events, shipment_events), in a trigger
-- deferred to the end of the transaction, so it sees what that transaction did after writing the
-- event (the prealert register_package matches, the carrier and tracking number of a shipment).
-- `source` names that event: a replayed op writes no new event, and no event is told twice.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null constraint notifications_kind_known check (kind in (
    'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day')),
  payload jsonb not null default '{}'::jsonb constraint notifications_payload_is_object check (jsonb_typeof(payload) = 'object'),
  source text not null constraint notifications_source_once unique,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  change_xid xid8 not null default pg_current_xact_id()
);

create index notifications_owner_change_idx on public.notifications (user_id, change_xid, id);

-- Every write stamps the row for the pulls; only read_at ever changes after it is made.
create function public.notifications_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
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

revoke execute on function public.notifications_stamp() from public, anon, authenticated;

revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;

alter table public.notifications enable row level security;

create policy "notifications: users read their own" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));

-- 1. Packages: one notification per applied status event, for the package's owner.
create function public.notify_package_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_prealert public.prealerts;
begin
  if new.outcome <> 'applied' then
    return null;
  end if;
  select * into v_package from public.packages p where p.id = new.package_id;
  if not found or v_package.deleted_at is not null then
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

revoke execute on function public.notify_package_event() from public, anon, authenticated;

-- 2. Shipments: awaiting the customer's approval (with the final price), and shipped (with the
-- carrier and its tracking number).
create function public.notify_shipment_event()
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

revoke execute on function public.notify_shipment_event() from public, anon, authenticated;

-- 3. Marking read, from the device's outbox: the caller's own notifications among p_ids that are
-- not read yet. A replay of the op finds them read and changes nothing, so it is applied once
-- without a ledger of its own. Returns how many it marked.
create function public.mark_notifications_read(p_op_id uuid, p_ids uuid[])
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_op_id is null or p_ids is null then
    raise exception 'p_op_id and p_ids are required' using errcode = '22004';
  end if;
  if cardinality(p_ids) > 1000 then
    raise exception 'At most 1000 notifications at once' using errcode = '22023';
  end if;
  update public.notifications n set read_at = now()
  where n.id = any (p_ids) and n.user_id = auth.uid() and n.read_at is null;
  get diagnostics v_marked = row_count;
  return json_build_object('marked', v_marked);
end
$$;

revoke execute on function public.mark_notifications_read(uuid, uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid, uuid[]) to authenticated;

-- 4. The pull: the caller's own notifications after the checkpoint, as the other pulls page.
create function public.pull_notifications(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, auth.uid() as uid
    from public.pull_bounds(p_since, p_limit) b
  ),
  candidates as (
    select s.id, s.change_xid, row_number() over (order by s.change_xid, s.id) as n
    from (
      select x.id, x.change_xid from public.notifications x
      where x.user_id = (select uid from bounds)
        and public.pull_pending(x.change_xid, x.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
      order by x.change_xid, x.id
      limit (select page_size + 1 from bounds)
    ) s
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'notifications', coalesce(
      (select json_agg(json_build_object(
          'id', x.id, 'kind', x.kind, 'payload', x.payload, 'created_at', x.created_at, 'read_at', x.read_at)
          order by pg.n)
       from page pg join public.notifications x on x.id = pg.id),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

revoke execute on function public.pull_notifications(text, integer) from public, anon;
grant execute on function public.pull_notifications(text, integer) to authenticated;

-- 5. Heard live, as packages are: a change is a poke, the pull says what is new.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (
    select from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications'
  ) then
    alter publication supabase_realtime add table public.notifications;
  end if;
end
$$;
