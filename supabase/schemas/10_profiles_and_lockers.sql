-- Profiles and lockers: one of each per auth user, created by a trigger on auth.users so the browser
-- never chooses its own locker code or role. Profiles sync to offline copies the way packages do (a
-- change_xid cursor, tombstones for deleted profiles: 80_pulls.sql).

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text check (char_length(email) <= 320),
  full_name text check (char_length(full_name) <= 200),
  phone text check (char_length(phone) <= 40),
  role text not null default 'user' check (role in ('user', 'clerk', 'admin')),
  country text check (char_length(country) <= 100),
  delivery_address text check (char_length(delivery_address) <= 500),
  city text check (char_length(city) <= 100),
  postal_code text check (char_length(postal_code) <= 20),
  id_number text check (char_length(id_number) <= 50),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The sync cursor, stamped by profiles_stamp_change. The signup trigger creates the locker in the
  -- profile's transaction, so the profile's change_xid also covers its locker code (lockers never
  -- change).
  change_xid xid8 not null default pg_current_xact_id(),
  -- basic, standard or premium: how many days a package waits at the warehouse for free, and whether
  -- consolidation is free (public.plans). Only admins change it, protected as the role is: the API
  -- role may update the column (so an admin's save goes through PostgREST) and guard_profile_update
  -- refuses anyone else.
  plan text not null default 'basic' check (plan in ('basic', 'standard', 'premium')),
  -- The profile photo, <user id>/<photo id>.jpg in the avatars bucket (set_avatar, 60_files.sql).
  avatar_path text constraint profiles_avatar_path_format check (avatar_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}\.jpg$'),
  -- The notification kinds not pushed to this customer's phones.
  push_muted text[] not null default '{}'
    constraint profiles_push_muted_known check (push_muted <@ array[
      'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day',
    'payment_received', 'charge_due']),
  -- The customer's language: every mail to them is in it. Set at sign-up from the page's language
  -- (the sign-up's data.lang), changed by the customer in Account.
  lang text not null default 'es' constraint profiles_lang_known check (lang in ('es', 'en')),
  -- The kinds of mail this customer does not want (97_mail.sql). A receipt always goes.
  mail_muted text[] not null default '{}'
    constraint profiles_mail_muted_known check (mail_muted <@ array[
      'package_received', 'package_delivered', 'storage_ending', 'storage_last_day', 'shipment_awaiting_approval',
      'charge_due', 'shipment_shipped', 'shipment_delivered']),
  -- The notification kinds left out of this customer's in-app list and badge (98_notification_preferences.sql).
  in_app_muted text[] not null default '{}'
    constraint profiles_in_app_muted_known check (in_app_muted <@ array[
      'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day',
      'payment_received', 'charge_due']),
  -- When the customer closed their account (98_account_control.sql): nothing that identifies them is left.
  closed_at timestamptz
);

create index profiles_email_idx on public.profiles (lower(email));
-- The pulls (80_pulls.sql): everything after a checkpoint; a staff member's own and the other staff's
-- profiles; the floor of what changed lately.
create index profiles_change_xid_id_idx on public.profiles (change_xid, id);
create index profiles_staff_change_idx on public.profiles (change_xid, id) where role in ('clerk', 'admin');
create index profiles_updated_at_idx on public.profiles (updated_at) include (change_xid);
-- The history search (search_history) finds customers by email and name.
create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops);
create index profiles_full_name_trgm_idx on public.profiles using gin (full_name extensions.gin_trgm_ops);

create sequence public.locker_code_seq start with 100001 minvalue 100001 maxvalue 999999 no cycle;

create table public.lockers (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  code text not null unique check (code ~ '^MIA[0-9]{6}$'),
  created_at timestamptz not null default now()
);

-- The history search finds customers by locker code.
create index lockers_code_trgm_idx on public.lockers using gin (code extensions.gin_trgm_ops);

-- The roles: a customer ('user'); a clerk, who works the desk (packages, photos, prealerts, shipment
-- steps, desk payments, the customer directory); an admin, the manager, who also changes rates,
-- content, users and roles, refunds, credits and adjusts, and reads the reports and the audit log.
-- is_admin() guards the manager's actions, is_staff() the desk's.

-- Is the caller an admin? SECURITY DEFINER so that policies on profiles can use it without recursing
-- into profiles' own RLS.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles
    where id = (select auth.uid()) and role = 'admin'
  )
$$;

-- Is the caller staff (a clerk or an admin)? As is_admin().
create or replace function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles
    where id = (select auth.uid()) and role in ('clerk', 'admin')
  )
$$;

-- A signup (a row in auth.users, written by GoTrue) makes the profile, with the name, phone and language
-- the signup form sent (Spanish unless it says English), and the locker, its code drawn from locker_code_seq as the owner.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name, phone, lang)
  values (
    new.id,
    new.email,
    left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200),
    left(nullif(btrim(new.raw_user_meta_data ->> 'phone'), ''), 40),
    case when new.raw_user_meta_data ->> 'lang' = 'en' then 'en' else 'es' end
  );
  insert into public.lockers (user_id, code)
  values (new.id, 'MIA' || nextval('public.locker_code_seq')::text);
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- The profile's email follows the account's.
create or replace function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function public.handle_user_email_change();

-- Column grants decide which columns an API caller may update at all; this guard decides who may
-- change what: only admins change roles and plans (their own plan included: a plan is a commercial
-- matter, not a privilege), admins cannot remove their own admin role (another admin still can), so
-- the desk never loses its last admin by a slip of the user's own hand, and an admin editing someone
-- else touches only name, phone, role and plan (a customer's language and mail preferences are theirs). Invoker rights, so current_user is the API role
-- (service_role and postgres are not guarded).
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
      raise exception 'profile id, email and created_at cannot be changed' using errcode = '42501', hint = 'profile_field_locked';
    end if;
    if new.role is distinct from old.role and not public.is_admin() then
      raise exception 'only admins can change a role' using errcode = '42501', hint = 'admins_only';
    end if;
    if new.plan is distinct from old.plan and not public.is_admin() then
      raise exception 'only admins can change a plan' using errcode = '42501', hint = 'admins_only';
    end if;
    if old.id = auth.uid() and old.role = 'admin' and new.role is distinct from 'admin' then
      raise exception 'admins cannot remove their own admin role' using errcode = '42501', hint = 'own_admin_role';
    end if;
    if old.id is distinct from auth.uid() and (
      new.country is distinct from old.country
      or new.delivery_address is distinct from old.delivery_address
      or new.city is distinct from old.city
      or new.postal_code is distinct from old.postal_code
      or new.id_number is distinct from old.id_number
      or new.lang is distinct from old.lang
      or new.mail_muted is distinct from old.mail_muted
    ) then
      raise exception 'admins may change only the full name, phone and role of other users (and their plan)' using errcode = '42501', hint = 'profile_field_locked';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger guard_profile_update
  before update on public.profiles
  for each row execute function public.guard_profile_update();

-- For every role, service_role and the owner included: a write the cursor misses is a write offline
-- copies never receive.
create or replace function public.profiles_stamp_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

create trigger profiles_stamp_change
  before insert or update on public.profiles
  for each row execute function public.profiles_stamp_change();

-- Profile tombstones. Profiles are hard-deleted (with their auth user), so unlike packages there is no
-- deleted_at row left to sync; this table keeps one per deleted id, stamped with the deleting
-- transaction's id.
create table public.deleted_profiles (
  id uuid primary key,
  change_xid xid8 not null default pg_current_xact_id(),
  deleted_at timestamptz not null default now()
);

create index deleted_profiles_change_xid_id_idx on public.deleted_profiles (change_xid, id);

-- SECURITY DEFINER: the delete usually arrives as a cascade from auth.users (service_role, GoTrue's
-- admin role) and nobody but the owner writes here. An id deleted twice (re-created in between) moves
-- its tombstone forward.
create or replace function public.record_profile_deletion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.deleted_profiles (id, change_xid, deleted_at)
  values (old.id, pg_current_xact_id(), now())
  on conflict (id) do update
    set change_xid = excluded.change_xid, deleted_at = excluded.deleted_at;
  return null;
end
$$;

create trigger record_profile_deletion
  after delete on public.profiles
  for each row execute function public.record_profile_deletion();

revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;
revoke execute on function public.is_staff() from public, anon;
grant execute on function public.is_staff() to authenticated, service_role;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.handle_user_email_change() from public, anon, authenticated;
revoke execute on function public.guard_profile_update() from public, anon, authenticated;
revoke execute on function public.profiles_stamp_change() from public, anon, authenticated;
revoke execute on function public.record_profile_deletion() from public, anon, authenticated;

-- Customers edit their own name and contact fields; admins names, phones, roles and plans (the guard
-- above says who changes what). Lockers and tombstones are read-only.
revoke insert, update, delete on public.profiles from anon, authenticated;
grant update (full_name, phone, role, country, delivery_address, city, postal_code, id_number, plan, lang, mail_muted)
  on public.profiles to authenticated;
revoke insert, update, delete on public.lockers from anon, authenticated;
revoke all on public.deleted_profiles from anon, authenticated;
grant select on public.deleted_profiles to authenticated;

alter table public.profiles enable row level security;
alter table public.lockers enable row level security;
alter table public.deleted_profiles enable row level security;

create policy "profiles: users read their own" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy "profiles: staff read all" on public.profiles
  for select to authenticated using ((select public.is_staff()));
create policy "profiles: users update their own" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
create policy "profiles: admins update all" on public.profiles
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "lockers: users read their own" on public.lockers
  for select to authenticated using (user_id = (select auth.uid()));
create policy "lockers: staff read all" on public.lockers
  for select to authenticated using ((select public.is_staff()));

-- Only staff keep a copy of other people's profiles, so only they need to hear that one is gone.
create policy "deleted_profiles: staff read all" on public.deleted_profiles
  for select to authenticated using ((select public.is_staff()));
