-- Profiles and lockers: one of each per auth user, created by a trigger on
-- auth.users so the browser never chooses its own locker code or role.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text check (char_length(email) <= 320),
  full_name text check (char_length(full_name) <= 200),
  phone text check (char_length(phone) <= 40),
  role text not null default 'user' check (role in ('user', 'admin')),
  country text check (char_length(country) <= 100),
  delivery_address text check (char_length(delivery_address) <= 500),
  city text check (char_length(city) <= 100),
  postal_code text check (char_length(postal_code) <= 20),
  id_number text check (char_length(id_number) <= 50),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index profiles_email_idx on public.profiles (lower(email));

create sequence public.locker_code_seq start with 100001 minvalue 100001 maxvalue 999999 no cycle;

create table public.lockers (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  code text not null unique check (code ~ '^MIA[0-9]{6}$'),
  created_at timestamptz not null default now()
);

-- Is the caller an admin? SECURITY DEFINER so that policies on profiles can
-- use it without recursing into profiles' own RLS.
create function public.is_admin()
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

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name, phone)
  values (
    new.id,
    new.email,
    left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200),
    left(nullif(btrim(new.raw_user_meta_data ->> 'phone'), ''), 40)
  );
  insert into public.lockers (user_id, code)
  values (new.id, 'MIA' || nextval('public.locker_code_seq')::text);
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

create function public.handle_user_email_change()
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

-- Column grants decide which columns an API caller may update at all; this
-- guard decides who may change what: only admins change roles, and an admin
-- editing someone else touches only name, phone and role. Invoker rights, so
-- current_user is the API role (service_role and postgres are not guarded).
create function public.guard_profile_update()
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
    if old.id is distinct from auth.uid() and (
      new.country is distinct from old.country
      or new.delivery_address is distinct from old.delivery_address
      or new.city is distinct from old.city
      or new.postal_code is distinct from old.postal_code
      or new.id_number is distinct from old.id_number
    ) then
      raise exception 'admins may change only the full name, phone and role of other users' using errcode = '42501';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger guard_profile_update
  before update on public.profiles
  for each row execute function public.guard_profile_update();

-- Grants: Supabase grants everything in public to the API roles by default;
-- narrow that to what the policies below are meant to allow.
revoke insert, update, delete, truncate on public.profiles from anon, authenticated;
grant update (full_name, phone, role, country, delivery_address, city, postal_code, id_number)
  on public.profiles to authenticated;
revoke insert, update, delete, truncate on public.lockers from anon, authenticated;
revoke all on sequence public.locker_code_seq from anon, authenticated;

revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.handle_user_email_change() from public, anon, authenticated;
revoke execute on function public.guard_profile_update() from public, anon, authenticated;

alter table public.profiles enable row level security;
alter table public.lockers enable row level security;

create policy "profiles: users read their own" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy "profiles: admins read all" on public.profiles
  for select to authenticated using ((select public.is_admin()));
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
create policy "lockers: admins read all" on public.lockers
  for select to authenticated using ((select public.is_admin()));
