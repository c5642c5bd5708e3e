-- Photos, documents and profile photos: the rows that list them. The files live in Supabase
-- Storage (buckets in supabase/config.toml, policies in 20261125120000_storage_policies); each
-- object's path is chosen on the device, so an upload sent twice is stored once, and the RPCs
-- below list a path once however often they are called. Each checks that the object is stored,
-- so a row never names a file that is not there.

-- 1. Where they are listed: a package's photos in meta.photos (paths in package-photos); a
-- prealert's or a shipment's documents (purchase invoices, in documents); a profile's photo
-- (in avatars).
alter table public.prealerts add column documents jsonb not null default '[]'
  constraint prealerts_documents_is_array check (jsonb_typeof(documents) = 'array');
alter table public.shipments add column documents jsonb not null default '[]'
  constraint shipments_documents_is_array check (jsonb_typeof(documents) = 'array');
alter table public.profiles add column avatar_path text
  constraint profiles_avatar_path_format check (avatar_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}\.jpg$');

-- The stored object's MIME type, or null when nothing is stored under that name. PL/pgSQL, so
-- the migration applies before the storage schema exists (a fresh local database).
create function public.stored_object_type(p_bucket text, p_name text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select coalesce(o.metadata ->> 'mimetype', 'application/octet-stream')
    from storage.objects o where o.bucket_id = p_bucket and o.name = p_name);
end
$$;

revoke execute on function public.stored_object_type(text, text) from public, anon, authenticated;

-- 2. add_package_photo: an admin lists photo p_path (<package id>/<photo id>.jpg, already
-- uploaded) in the package's meta.photos, once. Returns the package and the version it had
-- before, so the device can build its later changes on the new version: a photo does not
-- conflict with a status change.
create function public.add_package_photo(p_package_id uuid, p_path text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
  v_previous bigint;
  v_photos jsonb;
begin
  if not public.is_admin() then
    raise exception 'only admins can add photos to a package' using errcode = '42501';
  end if;
  if p_path is null or p_path !~ ('^' || p_package_id::text || '/[0-9a-f-]{36}\.jpg$') then
    raise exception 'a package photo is stored as <package id>/<photo id>.jpg, not %', p_path using errcode = '22023';
  end if;
  select * into v_package from public.packages where id = p_package_id and deleted_at is null for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'PT404';
  end if;
  if public.stored_object_type('package-photos', p_path) is null then
    raise exception 'photo % has not been uploaded', p_path using errcode = 'PT404';
  end if;
  v_previous := v_package.version;
  v_photos := case when jsonb_typeof(v_package.meta -> 'photos') = 'array' then v_package.meta -> 'photos' else '[]'::jsonb end;
  if not v_photos @> jsonb_build_array(p_path) then
    if jsonb_array_length(v_photos) >= 20 then
      raise exception 'a package has at most 20 photos' using errcode = '22023';
    end if;
    update public.packages
    set meta = coalesce(meta, '{}'::jsonb) || jsonb_build_object('photos', v_photos || jsonb_build_array(p_path))
    where id = p_package_id
    returning * into v_package;
  end if;
  return jsonb_build_object('package', public.package_json(v_package), 'previous_version', v_previous);
end
$$;

revoke execute on function public.add_package_photo(uuid, text) from public, anon;
grant execute on function public.add_package_photo(uuid, text) to authenticated;

-- 3. attach_document: a customer lists document p_path (<their user id>/<document id>.pdf, .jpg
-- or .png, already uploaded) on their prealert or shipment, once, with the file's name as they
-- chose it. Returns the prealert (prealert_json) or the shipment (shipment_json).
create function public.attach_document(p_target text, p_target_id uuid, p_path text, p_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_name text := public.trim_whitespace(p_name);
  v_type text;
  v_documents jsonb;
  v_state text;
  v_prealert public.prealerts;
  v_shipment public.shipments;
begin
  if v_user is null then
    raise exception 'sign in to attach documents' using errcode = '42501';
  end if;
  if p_target is null or p_target not in ('prealert', 'shipment') then
    raise exception 'documents are attached to a prealert or a shipment, not %', p_target using errcode = '22023';
  end if;
  if p_path is null or p_path !~ ('^' || v_user::text || '/[0-9a-f-]{36}\.(pdf|jpg|png)$') then
    raise exception 'a document is stored as <your user id>/<document id>.pdf, .jpg or .png, not %', p_path using errcode = '22023';
  end if;
  if v_name is null or char_length(v_name) not between 1 and 120 then
    raise exception 'a document''s name has 1 to 120 characters' using errcode = '22023';
  end if;
  v_type := public.stored_object_type('documents', p_path);
  if v_type is null then
    raise exception 'document % has not been uploaded', p_path using errcode = 'PT404';
  end if;

  if p_target = 'prealert' then
    select * into v_prealert from public.prealerts where id = p_target_id and user_id = v_user for update;
    if not found then
      raise exception 'prealert % not found', p_target_id using errcode = 'PT404';
    end if;
    v_documents := v_prealert.documents;
    v_state := v_prealert.state;
  else
    select * into v_shipment from public.shipments where id = p_target_id and user_id = v_user for update;
    if not found then
      raise exception 'shipment % not found', p_target_id using errcode = 'PT404';
    end if;
    v_documents := v_shipment.documents;
    v_state := v_shipment.status;
  end if;

  if not jsonb_path_exists(v_documents, '$[*] ? (@.path == $path)', jsonb_build_object('path', p_path)) then
    if v_state in ('cancelled', 'delivered') then
      raise exception 'documents cannot be attached to a % %', v_state, p_target using errcode = '22023';
    end if;
    if jsonb_array_length(v_documents) >= 10 then
      raise exception 'at most 10 documents can be attached to a %', p_target using errcode = '22023';
    end if;
    v_documents := v_documents || jsonb_build_array(jsonb_build_object(
      'path', p_path, 'name', v_name, 'type', v_type, 'added_at', now()));
    if p_target = 'prealert' then
      update public.prealerts set documents = v_documents where id = p_target_id returning * into v_prealert;
    else
      update public.shipments set documents = v_documents where id = p_target_id returning * into v_shipment;
    end if;
  end if;

  return case when p_target = 'prealert' then public.prealert_json(v_prealert) else public.shipment_json(v_shipment) end;
end
$$;

revoke execute on function public.attach_document(text, uuid, text, text) from public, anon;
grant execute on function public.attach_document(text, uuid, text, text) to authenticated;

-- 4. set_avatar: the caller's profile photo is p_path (<their user id>/<photo id>.jpg, already
-- uploaded). Returns the profile as pull_profiles sends it.
create function public.set_avatar(p_path text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_profile public.profiles;
begin
  if v_user is null then
    raise exception 'sign in to set a profile photo' using errcode = '42501';
  end if;
  if p_path is null or p_path !~ ('^' || v_user::text || '/[0-9a-f-]{36}\.jpg$') then
    raise exception 'a profile photo is stored as <your user id>/<photo id>.jpg, not %', p_path using errcode = '22023';
  end if;
  if public.stored_object_type('avatars', p_path) is null then
    raise exception 'photo % has not been uploaded', p_path using errcode = 'PT404';
  end if;
  update public.profiles set avatar_path = p_path where id = v_user returning * into v_profile;
  if not found then
    raise exception 'profile % not found', v_user using errcode = 'PT404';
  end if;
  return (to_jsonb(v_profile) - 'change_xid') || jsonb_build_object(
    'locker_code', (select l.code from public.lockers l where l.user_id = v_user), 'deleted_at', null);
end
$$;

revoke execute on function public.set_avatar(text) from public, anon;
grant execute on function public.set_avatar(text) to authenticated;

-- 5. The pulls send the new columns (as in 20261124120000_pull_paging_helpers and
-- 20261124140000_shipments, plus avatar_path and documents; same signatures, so create or
-- replace keeps their grants). The RPCs above return the same shapes.
create or replace function public.pull_profiles(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select * from public.pull_bounds(p_since, p_limit)
  ),
  candidates as (
    select s.change_xid, s.id, s.profile, s.deleted_at,
      row_number() over (order by s.change_xid, s.id) as n
    from (
      select pr.change_xid, pr.id, pr as profile, null::timestamptz as deleted_at
      from public.profiles pr, bounds b
      where public.pull_pending(pr.change_xid, pr.id, b.since_xid, b.since_id, b.horizon)
      union all
      select d.change_xid, d.id, null::public.profiles, d.deleted_at
      from public.deleted_profiles d, bounds b
      where public.pull_pending(d.change_xid, d.id, b.since_xid, b.since_id, b.horizon)
        and not exists (select 1 from public.profiles alive where alive.id = d.id)
    ) s
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'profiles', coalesce(
      (select json_agg(
          case when pg.deleted_at is null then json_build_object(
            'id', pg.id, 'email', (pg.profile).email, 'full_name', (pg.profile).full_name, 'phone', (pg.profile).phone,
            'role', (pg.profile).role, 'plan', (pg.profile).plan, 'country', (pg.profile).country,
            'delivery_address', (pg.profile).delivery_address,
            'city', (pg.profile).city, 'postal_code', (pg.profile).postal_code, 'id_number', (pg.profile).id_number,
            'avatar_path', (pg.profile).avatar_path,
            'created_at', (pg.profile).created_at, 'updated_at', (pg.profile).updated_at,
            'locker_code', (select l.code from public.lockers l where l.user_id = pg.id),
            'deleted_at', null)
          else json_build_object('id', pg.id, 'deleted_at', pg.deleted_at)
          end
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

create or replace function public.pull_prealerts(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select * from public.pull_bounds(p_since, p_limit)
  ),
  candidates as (
    select p.*, row_number() over (order by p.change_xid, p.id) as n
    from public.prealerts p, bounds b
    where public.pull_pending(p.change_xid, p.id, b.since_xid, b.since_id, b.horizon)
    order by p.change_xid, p.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'prealerts', coalesce(
      (select json_agg(json_build_object(
          'id', pg.id, 'user_id', pg.user_id, 'tracking_code', pg.tracking_code, 'store', pg.store,
          'description', pg.description, 'declared_value_usd', pg.declared_value_usd, 'expected_on', pg.expected_on,
          'state', pg.state, 'package_id', pg.package_id, 'documents', pg.documents, 'version', pg.version,
          'created_at', pg.created_at, 'updated_at', pg.updated_at)
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;

create or replace function public.pull_shipments(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (select * from public.pull_bounds(p_since, p_limit)),
  candidates as (
    select s.*, row_number() over (order by s.change_xid, s.id) as n
    from public.shipments s, bounds b
    where public.pull_pending(s.change_xid, s.id, b.since_xid, b.since_id, b.horizon)
    order by s.change_xid, s.id
    limit (select page_size + 1 from bounds)
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'shipments', coalesce(
      (select json_agg(json_build_object(
          'id', pg.id, 'user_id', pg.user_id, 'status', pg.status, 'service', pg.service, 'options', pg.options,
          'address', pg.address, 'declared_total_cents', pg.declared_total_cents, 'estimate_cents', pg.estimate_cents,
          'estimate', pg.estimate, 'final_cents', pg.final_cents, 'final', pg.final, 'weight_kg', pg.weight_kg,
          'length_cm', pg.length_cm, 'width_cm', pg.width_cm, 'height_cm', pg.height_cm, 'carrier', pg.carrier,
          'outbound_tracking', pg.outbound_tracking, 'documents', pg.documents, 'version', pg.version,
          'created_at', pg.created_at, 'updated_at', pg.updated_at,
          'items', coalesce(
            (select json_agg(json_build_object(
                'position', i.position, 'description', i.description, 'quantity', i.quantity,
                'unit_value_cents', i.unit_value_cents) order by i.position)
             from public.shipment_items i where i.shipment_id = pg.id),
            '[]'::json),
          'events', coalesce(
            (select json_agg(json_build_object('status', e.status, 'changed_at', e.changed_at, 'recorded_at', e.recorded_at)
                order by e.recorded_at, e.id)
             from public.shipment_events e where e.shipment_id = pg.id),
            '[]'::json),
          'package_ids', coalesce(
            (select json_agg(p.id order by p.id) from public.packages p where p.shipment_id = pg.id),
            '[]'::json))
          order by pg.n)
       from page pg),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;
