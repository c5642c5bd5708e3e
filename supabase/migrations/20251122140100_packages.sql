-- Packages and their status history.
--
-- version, change_xid, created_at and updated_at belong to the server: a
-- trigger overwrites whatever a client sends. change_xid (the writing
-- transaction's id) is the sync cursor of pull_packages.
--
-- Deletes are soft: an admin "deletes" by setting deleted_at, so the tombstone
-- reaches offline copies through pull_packages. Hard DELETE is not granted to
-- anon/authenticated at all (permission denied, 42501); only service_role and
-- the database owner can remove rows.

create table public.packages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  locker_code text not null check (char_length(locker_code) <= 20),
  tracking_code text check (char_length(tracking_code) <= 100),
  status text not null default 'recibido'
    check (status in ('recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado')),
  weight_kg numeric constraint packages_weight_kg_range check (weight_kg between 0 and 32),
  volume_m3 numeric constraint packages_volume_m3_non_negative check (volume_m3 >= 0),
  meta jsonb constraint packages_meta_is_object check (jsonb_typeof(meta) = 'object'),
  public_token uuid not null unique default gen_random_uuid(),
  version bigint not null default 1,
  change_xid xid8 not null default pg_current_xact_id(),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index packages_change_xid_id_idx on public.packages (change_xid, id);
create index packages_user_id_idx on public.packages (user_id);

create table public.package_events (
  id bigint generated always as identity primary key,
  package_id uuid not null references public.packages (id) on delete cascade,
  status text not null
    check (status in ('recibido', 'consolidacion', 'transito', 'aduana', 'disponible', 'entregado')),
  op_id uuid not null unique,
  actor uuid,
  changed_at timestamptz not null default now(),
  -- clock_timestamp(), not now(): two transactions serialized on the package
  -- row must record in the order they applied, not the order they started.
  recorded_at timestamptz not null default clock_timestamp(),
  outcome text not null check (outcome in ('applied', 'superseded'))
);

create index package_events_package_id_idx on public.package_events (package_id, recorded_at);

create function public.packages_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := now();
    if new.locker_code is null then
      select l.code into new.locker_code from public.lockers l where l.user_id = new.user_id;
    end if;
  else
    new.version := old.version + 1;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

create trigger packages_stamp
  before insert or update on public.packages
  for each row execute function public.packages_stamp();

-- Every status a package takes gets a history row: the initial one on insert,
-- and direct status updates. apply_package_status records its own event (with
-- the client's op_id) and marks the transaction so this trigger stays quiet.
create function public.packages_record_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (
    new.status is not distinct from old.status
    or coalesce(current_setting('app.status_event_op', true), '') <> ''
  ) then
    return null;
  end if;
  insert into public.package_events (package_id, status, op_id, actor, changed_at, outcome)
  values (new.id, new.status, gen_random_uuid(), auth.uid(), now(), 'applied');
  return null;
end
$$;

create trigger packages_record_status
  after insert or update of status on public.packages
  for each row execute function public.packages_record_status();

revoke delete, truncate on public.packages from anon, authenticated;
revoke insert, update on public.packages from anon;
revoke insert, update, delete, truncate on public.package_events from anon, authenticated;
revoke execute on function public.packages_stamp() from public, anon, authenticated;
revoke execute on function public.packages_record_status() from public, anon, authenticated;

alter table public.packages enable row level security;
alter table public.package_events enable row level security;

create policy "packages: users read their own" on public.packages
  for select to authenticated using (user_id = (select auth.uid()));
create policy "packages: admins read all" on public.packages
  for select to authenticated using ((select public.is_admin()));
create policy "packages: admins insert" on public.packages
  for insert to authenticated with check ((select public.is_admin()));
create policy "packages: admins update" on public.packages
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "package_events: users read their packages' events" on public.package_events
  for select to authenticated using (
    exists (
      select 1 from public.packages p
      where p.id = package_id and p.user_id = (select auth.uid())
    )
  );
create policy "package_events: admins read all" on public.package_events
  for select to authenticated using ((select public.is_admin()));
