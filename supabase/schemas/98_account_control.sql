-- The customer's control of their account (issue 48 §4): a copy of their data (export_my_data) and
-- the closing of their account (close_account, called by the delete-account Edge Function once the
-- customer has typed their password again).
--
-- Closing keeps what the business must keep (packages, shipments, account lines: account_entries
-- reference the profile, so the profile row stays) under a closed profile with nothing that
-- identifies them, and their locker code retired: never drawn again for anyone.

-- Every locker code that belonged to a closed or deleted account. The signup trigger's draw skips them.
create table public.retired_locker_codes (
  code text primary key,
  retired_at timestamptz not null default now()
);

alter table public.retired_locker_codes enable row level security;
revoke all on public.retired_locker_codes from anon, authenticated;
grant select on public.retired_locker_codes to authenticated;

create policy "retired_locker_codes: admins read all" on public.retired_locker_codes
  for select to authenticated using ((select public.is_admin()));

-- A code drawn from locker_code_seq that was ever retired (the sequence set back by hand, a restore)
-- is passed over for the next one.
create or replace function public.lockers_skip_retired_codes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  while exists (select 1 from public.retired_locker_codes r where r.code = new.code) loop
    new.code := 'MIA' || nextval('public.locker_code_seq')::text;
  end loop;
  return new;
end
$$;

create trigger lockers_skip_retired_codes
  before insert on public.lockers
  for each row execute function public.lockers_skip_retired_codes();

-- A locker deleted with its profile (an account removed whole) retires its code too.
create or replace function public.lockers_retire_code()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.retired_locker_codes (code) values (old.code) on conflict (code) do nothing;
  return null;
end
$$;

create trigger lockers_retire_code
  after delete on public.lockers
  for each row execute function public.lockers_retire_code();

-- A closed account's locker takes no more packages: the desk is told, rather than filing a parcel
-- under a deleted customer.
create or replace function public.packages_refuse_closed_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.profiles pr where pr.id = new.user_id and pr.closed_at is not null) then
    raise exception 'the account of locker % is closed', new.locker_code using errcode = 'PT409', hint = 'account_closed',
      detail = jsonb_build_object('locker', new.locker_code)::text;
  end if;
  return new;
end
$$;

create trigger packages_refuse_closed_account
  before insert on public.packages
  for each row execute function public.packages_refuse_closed_account();

-- The caller's files in Storage: their folder in avatars and documents, and their packages' photos.
create or replace function public.files_of(p_user_id uuid)
returns table (bucket text, name text, size bigint, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select o.bucket_id, o.name, (o.metadata ->> 'size')::bigint, o.created_at
  from storage.objects o
  where (o.bucket_id in ('avatars', 'documents') and split_part(o.name, '/', 1) = p_user_id::text)
    or (o.bucket_id = 'package-photos' and exists (
      select 1 from public.packages p where p.id::text = split_part(o.name, '/', 1) and p.user_id = p_user_id))
  order by o.bucket_id, o.name
$$;

-- A copy of everything the business holds about the caller, as JSON (the shape is documented in
-- docs/architecture.md, "The customer's control of their account"; `version` changes when it does).
-- Only ever the caller's own rows, whatever their role.
create or replace function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'sign in to download your data' using errcode = '42501', hint = 'not_signed_in';
  end if;
  return jsonb_build_object(
    'version', 1,
    'exported_at', now(),
    'profile', (select jsonb_build_object(
        'id', pr.id, 'email', pr.email, 'full_name', pr.full_name, 'phone', pr.phone, 'country', pr.country,
        'delivery_address', pr.delivery_address, 'city', pr.city, 'postal_code', pr.postal_code, 'id_number', pr.id_number,
        'plan', pr.plan, 'avatar_path', pr.avatar_path, 'created_at', pr.created_at, 'updated_at', pr.updated_at)
      from public.profiles pr where pr.id = v_user),
    'locker', (select jsonb_build_object('code', l.code, 'created_at', l.created_at) from public.lockers l where l.user_id = v_user),
    'preferences', (select jsonb_build_object('lang', pr.lang, 'mail_muted', to_jsonb(pr.mail_muted), 'push_muted', to_jsonb(pr.push_muted))
      from public.profiles pr where pr.id = v_user),
    'packages', coalesce((select jsonb_agg(jsonb_build_object(
        'id', p.id, 'tracking_code', p.tracking_code, 'locker_code', p.locker_code, 'status', p.status,
        'weight_kg', p.weight_kg, 'volume_m3', p.volume_m3, 'meta', p.meta, 'shipment_id', p.shipment_id,
        'created_at', p.created_at, 'updated_at', p.updated_at,
        'history', coalesce((select jsonb_agg(jsonb_build_object('status', e.status, 'changed_at', e.changed_at) order by e.recorded_at)
          from public.package_events e where e.package_id = p.id and e.outcome = 'applied'), '[]'::jsonb))
        order by p.created_at, p.id)
      from public.packages p where p.user_id = v_user and p.deleted_at is null), '[]'::jsonb),
    'prealerts', coalesce((select jsonb_agg(jsonb_build_object(
        'id', a.id, 'tracking_code', a.tracking_code, 'store', a.store, 'description', a.description,
        'declared_value_usd', a.declared_value_usd, 'expected_on', a.expected_on, 'state', a.state, 'package_id', a.package_id,
        'documents', a.documents, 'created_at', a.created_at, 'updated_at', a.updated_at)
        order by a.created_at, a.id)
      from public.prealerts a where a.user_id = v_user), '[]'::jsonb),
    'shipments', coalesce((select jsonb_agg(jsonb_build_object(
        'id', s.id, 'status', s.status, 'service', s.service, 'options', s.options, 'address', s.address,
        'declared_total_cents', s.declared_total_cents, 'estimate_cents', s.estimate_cents, 'final_cents', s.final_cents,
        'weight_kg', s.weight_kg, 'carrier', s.carrier, 'outbound_tracking', s.outbound_tracking, 'documents', s.documents,
        'created_at', s.created_at, 'updated_at', s.updated_at,
        'items', coalesce((select jsonb_agg(jsonb_build_object('description', i.description, 'quantity', i.quantity, 'unit_value_cents', i.unit_value_cents) order by i.position)
          from public.shipment_items i where i.shipment_id = s.id), '[]'::jsonb),
        'history', coalesce((select jsonb_agg(jsonb_build_object('status', e.status, 'changed_at', e.changed_at, 'reason', e.reason) order by e.recorded_at)
          from public.shipment_events e where e.shipment_id = s.id), '[]'::jsonb))
        order by s.created_at, s.id)
      from public.shipments s where s.user_id = v_user), '[]'::jsonb),
    'account_lines', coalesce((select jsonb_agg(jsonb_build_object(
        'id', a.id, 'kind', a.kind, 'amount_cents', a.amount_cents, 'balance_after_cents', a.balance_after_cents,
        'currency', a.currency, 'shipment_id', a.shipment_id, 'package_id', a.package_id, 'storage_day', a.storage_day,
        'method', a.method, 'reference', a.reference, 'reason', a.reason, 'receipt_number', a.receipt_number, 'created_at', a.created_at)
        order by a.created_at, a.id)
      from public.account_entries a where a.user_id = v_user), '[]'::jsonb),
    'balance_cents', coalesce((select b.balance_cents from public.account_balances b where b.user_id = v_user), 0),
    'notifications', coalesce((select jsonb_agg(jsonb_build_object(
        'id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at, 'read_at', n.read_at)
        order by n.created_at, n.id)
      from public.notifications n where n.user_id = v_user), '[]'::jsonb),
    'files', coalesce((select jsonb_agg(jsonb_build_object('bucket', f.bucket, 'name', f.name, 'size', f.size, 'created_at', f.created_at))
      from public.files_of(v_user) f), '[]'::jsonb)
  );
end
$$;

-- Closes a customer's account, for the delete-account Edge Function (service role) once the customer
-- proved who they are. Refused, naming every reason at once, while a package waits at the warehouse
-- (not delivered and in no open shipment), a shipment is open or money is owed. Otherwise, in this
-- one transaction: the profile keeps its id, plan and dates but nothing that identifies the customer;
-- shipments keep everything but the address's name, street, city, postal code, phone and id number;
-- documents are unlinked from prealerts and shipments; push subscriptions and mail (queued or sent)
-- go; the locker code is retired; and the sign-in is made unusable as GoTrue's soft delete does (no
-- e-mail, no password, no identities, no sessions, banned). Returns the Storage objects to remove.
create or replace function public.close_account(p_user_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
  v_packages bigint;
  v_shipments bigint;
  v_owed bigint;
  v_files jsonb;
begin
  -- The profile's lock holds off new packages, shipments and account lines for it (their foreign keys
  -- share-lock it) until this commits.
  select * into v_profile from public.profiles where id = p_user_id for update;
  if not found or v_profile.closed_at is not null then
    raise exception 'account % not found', p_user_id using errcode = 'PT404', hint = 'account_not_found';
  end if;
  if v_profile.role <> 'user' then
    raise exception 'a staff account is closed by a manager, not by itself' using errcode = '42501', hint = 'account_is_staff';
  end if;
  select count(*) into v_shipments from public.shipments s
    where s.user_id = p_user_id and s.status not in ('delivered', 'cancelled');
  select count(*) into v_packages from public.packages p
    where p.user_id = p_user_id and p.deleted_at is null and p.status <> 'entregado'
      and not exists (select 1 from public.shipments s where s.id = p.shipment_id and s.status not in ('delivered', 'cancelled'));
  select greatest(coalesce((select b.balance_cents from public.account_balances b where b.user_id = p_user_id), 0), 0) into v_owed;
  if v_packages > 0 or v_shipments > 0 or v_owed > 0 then
    raise exception 'the account has % waiting packages, % open shipments and owes % cents', v_packages, v_shipments, v_owed
      using errcode = 'PT409', hint = 'account_not_closable',
      detail = jsonb_strip_nulls(jsonb_build_object(
        'packages', nullif(v_packages, 0), 'shipments', nullif(v_shipments, 0), 'owed_cents', nullif(v_owed, 0)))::text;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('bucket', f.bucket, 'name', f.name)), '[]'::jsonb) into v_files
    from public.files_of(p_user_id) f where f.bucket in ('avatars', 'documents');

  update public.profiles
  set email = null, full_name = null, phone = null, country = null, delivery_address = null, city = null,
    postal_code = null, id_number = null, avatar_path = null, push_muted = '{}', mail_muted = '{}', lang = 'es',
    closed_at = now()
  where id = p_user_id;
  update public.shipments
  set address = jsonb_build_object('name', '', 'address', '', 'city', '', 'postal_code', '', 'country', coalesce(address ->> 'country', ''),
      'phone', '', 'id_number', ''),
    documents = '[]'
  where user_id = p_user_id;
  update public.prealerts set documents = '[]' where user_id = p_user_id and documents <> '[]';
  delete from public.push_subscriptions where user_id = p_user_id;
  delete from public.mail_outbox where user_id = p_user_id;
  insert into public.retired_locker_codes (code)
    select l.code from public.lockers l where l.user_id = p_user_id
  on conflict (code) do nothing;

  update auth.users
  set email = null, phone = null, encrypted_password = '', email_change = '', phone_change = '',
    confirmation_token = '', recovery_token = '', email_change_token_new = '', email_change_token_current = '',
    reauthentication_token = '', raw_user_meta_data = '{}', banned_until = now() + interval '100 years',
    deleted_at = now(), updated_at = now()
  where id = p_user_id;
  delete from auth.identities where user_id = p_user_id;
  delete from auth.sessions where user_id = p_user_id;
  return jsonb_build_object('files', v_files);
end
$$;

revoke execute on function public.lockers_skip_retired_codes() from public, anon, authenticated;
revoke execute on function public.lockers_retire_code() from public, anon, authenticated;
revoke execute on function public.packages_refuse_closed_account() from public, anon, authenticated;
revoke execute on function public.files_of(uuid) from public, anon, authenticated;
revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
revoke execute on function public.close_account(uuid) from public, anon, authenticated;
grant execute on function public.close_account(uuid) to service_role;
