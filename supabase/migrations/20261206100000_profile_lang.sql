-- The customer's language (issue 47): profiles.lang, 'es' or 'en', set at sign-up from the sign-up's
-- data.lang, changed by the customer (never by an admin for them), pulled with the profile. Every mail to
-- a customer is in it. What and why: supabase/schemas/10_profiles_and_lockers.sql.

alter table public.profiles
  add column lang text not null default 'es' constraint profiles_lang_known check (lang in ('es', 'en'));

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
    ) then
      raise exception 'admins may change only the full name, phone and role of other users (and their plan)' using errcode = '42501', hint = 'profile_field_locked';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

grant update (lang) on public.profiles to authenticated;

create or replace function public.profiles_json(p_ids uuid[])
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
      'id', pr.id, 'email', pr.email, 'full_name', pr.full_name, 'phone', pr.phone,
      'role', pr.role, 'plan', pr.plan, 'country', pr.country, 'delivery_address', pr.delivery_address,
      'city', pr.city, 'postal_code', pr.postal_code, 'id_number', pr.id_number, 'avatar_path', pr.avatar_path,
      'push_muted', pr.push_muted, 'lang', pr.lang,
      'created_at', pr.created_at, 'updated_at', pr.updated_at,
      'locker_code', (select l.code from public.lockers l where l.user_id = pr.id),
      'deleted_at', null)
      order by i.n), '[]'::json)
  from public.profiles pr
  join unnest(p_ids) with ordinality as i (id, n) on i.id = pr.id
  where pr.id = any (p_ids)
$$;
