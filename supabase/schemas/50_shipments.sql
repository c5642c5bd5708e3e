-- Shipments: a customer asks for packages waiting at the warehouse to be sent home together; the
-- warehouse processes them, weighs and measures the box, the customer approves the final charge, and
-- the shipment travels (shipped, in customs, ready, delivered) with its packages' statuses following.
-- A box weighed wrong is weighed again (awaiting approval back to processing, with a reason the
-- customer reads); while a shipment is only requested, its owner changes which packages travel in it.
--
-- Like prealerts: every write goes through an op-keyed RPC (the steps, 55_shipment_steps.sql) that an
-- offline outbox may replay any number of times (shipment_ops records each op once, a replay with the
-- same arguments changes nothing, with other arguments it is PT409); offline copies follow with
-- pull_shipments (80_pulls.sql) on the change_xid cursor. Nobody writes these tables directly. Prices
-- come from shipment_price (40_rates_and_plans.sql), for both the estimate of a request and the final
-- charge of the box.

-- version, change_xid, created_at and updated_at belong to the server (shipments_stamp overwrites
-- whatever is sent), as on prealerts.
create table public.shipments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'requested'
    constraint shipments_status_known check (status in (
      'requested', 'processing', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered', 'cancelled')),
  service text not null constraint shipments_service_known check (service in ('standard', 'express')),
  options jsonb not null
    constraint shipments_options_shape check (jsonb_typeof(options) = 'object'
      and options ?& array['insurance', 'repack', 'remove_invoices', 'extra_protection']),
  address jsonb not null constraint shipments_address_is_object check (jsonb_typeof(address) = 'object'),
  declared_total_cents bigint not null constraint shipments_declared_total_cents_range check (declared_total_cents >= 0),
  -- The estimate of the request (shipment_price's answer) and its total.
  estimate_cents bigint not null constraint shipments_estimate_cents_range check (estimate_cents >= 0),
  estimate jsonb not null,
  -- The final charge, priced from the box once weighed and measured (null until then), and its total.
  final_cents bigint constraint shipments_final_cents_range check (final_cents >= 0),
  final jsonb,
  weight_kg numeric(6, 2) constraint shipments_weight_kg_positive check (weight_kg > 0),
  length_cm numeric(6, 1) constraint shipments_length_cm_positive check (length_cm > 0),
  width_cm numeric(6, 1) constraint shipments_width_cm_positive check (width_cm > 0),
  height_cm numeric(6, 1) constraint shipments_height_cm_positive check (height_cm > 0),
  carrier text constraint shipments_carrier_length check (char_length(carrier) between 1 and 60),
  outbound_tracking text constraint shipments_outbound_tracking_format check (outbound_tracking ~ '^[A-Za-z0-9-]{4,60}$'),
  version bigint not null default 1,
  change_xid xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Purchase invoices attached by the customer (attach_document, 60_files.sql), as on prealerts.
  documents jsonb not null default '[]'
    constraint shipments_documents_is_array check (jsonb_typeof(documents) = 'array')
);

create index shipments_user_id_idx on public.shipments (user_id);
create index shipments_status_idx on public.shipments (status);
-- The pulls (80_pulls.sql): everything after a checkpoint; a customer's own; an admin's open ones;
-- the floor of what changed lately.
create index shipments_change_xid_id_idx on public.shipments (change_xid, id);
create index shipments_owner_change_idx on public.shipments (user_id, change_xid, id);
create index shipments_open_change_idx on public.shipments (change_xid, id)
  where status not in ('delivered', 'cancelled');
create index shipments_updated_at_idx on public.shipments (updated_at) include (change_xid);

-- The shipment a package travels in (the column is in 20_packages.sql).
alter table public.packages
  add constraint packages_shipment_id_fkey foreign key (shipment_id) references public.shipments (id) on delete set null;

-- The customs declaration: one line per item, numbered from 1 in the order the customer gave.
create table public.shipment_items (
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  position integer not null constraint shipment_items_position_positive check (position >= 1),
  description text not null constraint shipment_items_description_length check (char_length(description) between 1 and 200),
  quantity integer not null constraint shipment_items_quantity_range check (quantity between 1 and 999),
  unit_value_cents bigint not null constraint shipment_items_unit_value_cents_range check (unit_value_cents between 0 and 5000000),
  primary key (shipment_id, position)
);

-- The timeline: one row per status the shipment took, 'requested' included. changed_at is the
-- device's time (display only); recorded_at is clock_timestamp(), as on package_events, so two changes
-- serialized on the shipment's row record in the order they applied.
create table public.shipment_events (
  id bigint generated always as identity primary key,
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  status text not null
    constraint shipment_events_status_known check (status in (
      'requested', 'processing', 'awaiting_approval', 'approved', 'shipped', 'in_customs', 'ready', 'delivered', 'cancelled')),
  actor uuid,
  changed_at timestamptz not null default now(),
  recorded_at timestamptz not null default clock_timestamp(),
  -- Each charge stays on the awaiting_approval event that set it, and why the box was weighed again on
  -- the processing event that went back.
  final_cents bigint constraint shipment_events_final_cents_range check (final_cents >= 0),
  final jsonb,
  reason text constraint shipment_events_reason_length check (char_length(reason) between 1 and 500)
);

create index shipment_events_shipment_id_idx on public.shipment_events (shipment_id, recorded_at);

-- The ops already applied, as prealert_ops: one row per op_id with its (normalised) arguments,
-- recorded in the transaction of the change it names, so a refused change records nothing. outcome is
-- advance_shipment's answer ('applied' or 'superseded'), which a replay repeats.
create table public.shipment_ops (
  op_id uuid primary key,
  shipment_id uuid not null,
  actor uuid not null references public.profiles (id) on delete cascade,
  kind text not null
    constraint shipment_ops_kind_known check (kind in ('request', 'cancel', 'approve', 'advance', 'set_packages')),
  args jsonb not null,
  outcome text constraint shipment_ops_outcome_known check (outcome in ('applied', 'superseded')),
  recorded_at timestamptz not null default now()
);

create index shipment_ops_actor_idx on public.shipment_ops (actor);

create or replace function public.shipments_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := now();
  else
    new.version := old.version + 1;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

create trigger shipments_stamp
  before insert or update on public.shipments
  for each row execute function public.shipments_stamp();

-- A package in an open shipment (requested, processing, awaiting approval, approved) keeps the status
-- its shipment's stage gives it and cannot be deleted: every path (apply_package_status,
-- apply_package_statuses, an admin's direct update of deleted_at, any later function) meets this
-- trigger, which names the shipment in its refusal. The shipment's own steps still move its packages:
-- they update the shipment first, so the status they give is the stage's.
create or replace function public.packages_hold_in_open_shipment()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_shipment public.shipments;
  v_stage_status text;
begin
  if old.shipment_id is null
    or (new.status = old.status and (new.deleted_at is null or old.deleted_at is not null)) then
    return new;
  end if;
  select * into v_shipment from public.shipments s where s.id = old.shipment_id;
  if v_shipment.status not in ('requested', 'processing', 'awaiting_approval', 'approved') then
    return new;
  end if;
  v_stage_status := case when v_shipment.status = 'requested' then 'recibido' else 'consolidacion' end;
  if new.deleted_at is not distinct from old.deleted_at and new.status = v_stage_status then
    return new;
  end if;
  -- The app reads the shipment's id, the day it was asked for and its status from this message.
  raise exception 'package % is in shipment % of %, which is %: it changes with the shipment',
    coalesce(old.tracking_code, old.id::text), v_shipment.id,
    to_char(v_shipment.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), v_shipment.status
    using errcode = '22023', hint = 'package_in_open_shipment',
      detail = jsonb_build_object('code', coalesce(old.tracking_code, old.id::text), 'shipment', v_shipment.id, 'requested_at', to_char(v_shipment.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'status', v_shipment.status)::text;
end
$$;

create trigger packages_hold_in_open_shipment
  before update of status, deleted_at on public.packages
  for each row execute function public.packages_hold_in_open_shipment();

-- A shipment's timeline as shipment_json and pull_shipments send it (one definition for both).
create or replace function public.shipment_events_json(p_shipment_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(jsonb_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at,
        'final_cents', e.final_cents, 'final', e.final, 'reason', e.reason)
      order by e.recorded_at, e.id),
    '[]'::jsonb)
  from public.shipment_events e where e.shipment_id = p_shipment_id
$$;

-- The packages of a shipment that count: not deleted.
create or replace function public.shipment_package_ids(p_shipment_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(p.id order by p.id), '[]'::jsonb)
  from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null
$$;

-- The shipment as the RPCs return it: every column but change_xid, plus its items (by position), its
-- timeline (oldest first) and the ids of the packages in it. pull_shipments builds the same shape
-- inline (see package_json for why): change the two together.
create or replace function public.shipment_json(p_shipment public.shipments)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select (to_jsonb(p_shipment) - 'change_xid') || jsonb_build_object(
    'items', coalesce(
      (select jsonb_agg(jsonb_build_object(
          'position', i.position, 'description', i.description, 'quantity', i.quantity,
          'unit_value_cents', i.unit_value_cents) order by i.position)
       from public.shipment_items i where i.shipment_id = p_shipment.id),
      '[]'::jsonb),
    'events', public.shipment_events_json(p_shipment.id),
    'package_ids', public.shipment_package_ids(p_shipment.id)
  )
$$;

-- Records op p_op_id for the caller, or finds it already recorded, as record_prealert_op: null when
-- this call records it (go ahead), the recorded op when it is a replay of the same change, PT409 when
-- it was recorded for another change (or by someone else). A replay racing the first call waits on its
-- uncommitted op_id, then sees it (a new snapshot per statement).
create or replace function public.record_shipment_op(p_op_id uuid, p_shipment_id uuid, p_kind text, p_args jsonb)
returns public.shipment_ops
language plpgsql
set search_path = ''
as $$
declare
  v_op public.shipment_ops;
begin
  insert into public.shipment_ops (op_id, shipment_id, actor, kind, args)
  values (p_op_id, p_shipment_id, auth.uid(), p_kind, p_args)
  on conflict (op_id) do nothing;
  if found then
    return null;
  end if;
  select * into v_op from public.shipment_ops o where o.op_id = p_op_id;
  if v_op.shipment_id is distinct from p_shipment_id
    or v_op.actor is distinct from auth.uid()
    or v_op.kind is distinct from p_kind
    or v_op.args is distinct from p_args then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
      detail = jsonb_build_object('op', p_op_id)::text;
  end if;
  return v_op;
end
$$;

-- What a shipment's status change does besides the row: a timeline event, and the packages' statuses
-- following (processing → consolidacion, shipped → transito, in_customs → aduana, ready → disponible,
-- delivered → entregado), each recorded in the package's history as apply_package_status records an
-- admin's change (its own event, with an op id, the actor and the device's time; one update, so one
-- version, per package). A package's event op id is derived from the shipment's op and the package
-- (md5), so it is stable; a replayed op never gets this far anyway. A cancelled shipment frees its
-- packages: shipment_id null and, for those in consolidacion, recibido again. Deleted packages are
-- neither moved nor freed. Packages are locked in id order (as request_shipment does). A cancelled
-- shipment whose charge was posted (approved, not shipped) has its charge reversed, once (96_money.sql).
-- Internal; the callers hold the shipment's row lock and have updated the row already.
create or replace function public.shipment_status_follows(p_shipment_id uuid, p_status text, p_op_id uuid, p_changed_at timestamptz)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_follow text := case p_status
    when 'processing' then 'consolidacion'
    when 'shipped' then 'transito'
    when 'in_customs' then 'aduana'
    when 'ready' then 'disponible'
    when 'delivered' then 'entregado'
  end;
  v_freed boolean := p_status = 'cancelled';
  v_package record;
  v_target text;
  v_event_op uuid;
  v_charge record;
begin
  insert into public.shipment_events (shipment_id, status, actor, changed_at)
  values (p_shipment_id, p_status, auth.uid(), p_changed_at);

  if v_freed then
    select * into v_charge from public.account_entries e
    where e.shipment_id = p_shipment_id and e.kind = 'shipment_charge';
    if found then
      perform public.post_account_entry('shipment-reversal:' || p_shipment_id, v_charge.user_id, 'reversal', -v_charge.amount_cents,
        p_shipment_id => p_shipment_id, p_refers_to => v_charge.id, p_posted_by => auth.uid());
    end if;
  end if;

  perform 1 from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null order by p.id for update;
  for v_package in
    select p.id, p.status from public.packages p where p.shipment_id = p_shipment_id and p.deleted_at is null order by p.id
  loop
    v_target := case when v_freed then case when v_package.status = 'consolidacion' then 'recibido' end else v_follow end;
    if v_target is null or v_target = v_package.status then
      if v_freed then
        update public.packages set shipment_id = null where id = v_package.id;
      end if;
      continue;
    end if;
    v_event_op := md5(p_op_id::text || ':' || v_package.id::text)::uuid;
    perform set_config('app.status_event_op', v_event_op::text, true);
    update public.packages
    set status = v_target, shipment_id = case when v_freed then null else shipment_id end
    where id = v_package.id;
    perform set_config('app.status_event_op', '', true);
    insert into public.package_events (package_id, status, op_id, actor, changed_at, outcome)
    values (v_package.id, v_target, v_event_op, auth.uid(), p_changed_at, 'applied');
  end loop;
end
$$;

revoke execute on function public.shipments_stamp() from public, anon, authenticated;
revoke execute on function public.packages_hold_in_open_shipment() from public, anon, authenticated;
-- pull_shipments is SECURITY INVOKER: these read under the caller's RLS there.
revoke execute on function public.shipment_events_json(uuid) from public, anon;
grant execute on function public.shipment_events_json(uuid) to authenticated, service_role;
revoke execute on function public.shipment_package_ids(uuid) from public, anon;
grant execute on function public.shipment_package_ids(uuid) to authenticated, service_role;
revoke execute on function public.shipment_json(public.shipments) from public, anon, authenticated;
revoke execute on function public.record_shipment_op(uuid, uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.shipment_status_follows(uuid, text, uuid, timestamptz) from public, anon, authenticated;

-- Read only for the API: the steps (55_shipment_steps.sql) write, as the owner.
revoke all on public.shipments from anon, authenticated;
grant select on public.shipments to authenticated;
revoke all on public.shipment_items from anon, authenticated;
grant select on public.shipment_items to authenticated;
revoke all on public.shipment_events from anon, authenticated;
grant select on public.shipment_events to authenticated;
revoke all on public.shipment_ops from anon, authenticated;

alter table public.shipments enable row level security;
alter table public.shipment_items enable row level security;
alter table public.shipment_events enable row level security;
alter table public.shipment_ops enable row level security;

create policy "shipments: users read their own" on public.shipments
  for select to authenticated using (user_id = (select auth.uid()));
create policy "shipments: staff read all" on public.shipments
  for select to authenticated using ((select public.is_staff()));

create policy "shipment_items: users read their shipments' items" on public.shipment_items
  for select to authenticated using (
    exists (select 1 from public.shipments s where s.id = shipment_id and s.user_id = (select auth.uid()))
  );
create policy "shipment_items: staff read all" on public.shipment_items
  for select to authenticated using ((select public.is_staff()));

create policy "shipment_events: users read their shipments' events" on public.shipment_events
  for select to authenticated using (
    exists (select 1 from public.shipments s where s.id = shipment_id and s.user_id = (select auth.uid()))
  );
create policy "shipment_events: staff read all" on public.shipment_events
  for select to authenticated using ((select public.is_staff()));

create policy "shipment_ops: not for the API" on public.shipment_ops
  as restrictive for all to anon, authenticated using (false) with check (false);
