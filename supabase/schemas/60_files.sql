-- Files in Supabase Storage: package photos, customers' invoices, profile photos. The buckets and their
-- limits are in config.toml ([storage.buckets.*]); who may do what with the objects is said by policies
-- on storage.objects (RLS is on there, and without a policy nothing is allowed). Each object's path is
-- chosen on the device, so an upload sent twice is stored once, and the RPCs below list a path once
-- however often they are called. Each checks that the object is stored, so a row never names a file
-- that is not there. (The blog's covers are in 95_content.sql.)

-- package-photos (private), <package id>/<photo id>.jpg: the warehouse takes them; a customer sees
-- those of their own packages.
create policy "package photos: staff manage them" on storage.objects
  for all to authenticated
  using (bucket_id = 'package-photos' and (select public.is_staff()))
  with check (bucket_id = 'package-photos' and (select public.is_staff()));

create policy "package photos: owners read their packages' photos" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'package-photos'
    and exists (
      select 1 from public.packages p
      where p.id::text = (storage.foldername(name))[1] and p.user_id = (select auth.uid())
    )
  );

-- documents (private), <user id>/<document id>.<ext>: a customer's invoices under their own folder;
-- the warehouse reads them all. A file, once uploaded, stays as it was: a prealert or a shipment that
-- lists it keeps the invoice the warehouse read. A customer adds files to their folder and reads them,
-- and never replaces or removes one; another invoice is a new file, attached as such.
create policy "documents: staff read them all" on storage.objects
  for select to authenticated
  using (bucket_id = 'documents' and (select public.is_staff()));

create policy "documents: customers add to their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "documents: customers read their own folder" on storage.objects
  for select to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- avatars (public bucket), <user id>/<photo id>.jpg: read by URL (Storage serves /object/public/
-- without RLS), so no policy lets anyone select the bucket's rows: one that did would also let anyone
-- list it, which names every user's folder, i.e. every user id. Each user writes and sees only their
-- own folder (what an upload or a replacement reads back).
create policy "avatars: users add to their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "avatars: users replace their own" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "avatars: users remove their own" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "avatars: users see their own folder" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- The stored object's MIME type, or null when nothing is stored under that name. PL/pgSQL, so it can
-- be created before the storage schema exists.
create or replace function public.stored_object_type(p_bucket text, p_name text)
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

-- add_package_photo: an admin lists photo p_path (<package id>/<photo id>.jpg, already uploaded) in the
-- package's meta.photos, once. Returns the package and the version it had before, so the device can
-- build its later changes on the new version: a photo does not conflict with a status change.
create or replace function public.add_package_photo(p_package_id uuid, p_path text)
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
  if not public.is_staff() then
    raise exception 'only staff can add photos to a package' using errcode = '42501', hint = 'staff_only';
  end if;
  if p_path is null or p_path !~ ('^' || p_package_id::text || '/[0-9a-f-]{36}\.jpg$') then
    raise exception 'a package photo is stored as <package id>/<photo id>.jpg, not %', p_path using errcode = '22023', hint = 'bad_file_path',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  select * into v_package from public.packages where id = p_package_id and deleted_at is null for update;
  if not found then
    raise exception 'package % not found', p_package_id using errcode = 'PT404', hint = 'package_not_found',
      detail = jsonb_build_object('package', p_package_id)::text;
  end if;
  if public.stored_object_type('package-photos', p_path) is null then
    raise exception 'photo % has not been uploaded', p_path using errcode = 'PT404', hint = 'file_not_uploaded',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  v_previous := v_package.version;
  v_photos := case when jsonb_typeof(v_package.meta -> 'photos') = 'array' then v_package.meta -> 'photos' else '[]'::jsonb end;
  if not v_photos @> jsonb_build_array(p_path) then
    if jsonb_array_length(v_photos) >= 20 then
      raise exception 'a package has at most 20 photos' using errcode = '22023', hint = 'too_many_photos',
      detail = jsonb_build_object('max', 20)::text;
    end if;
    update public.packages
    set meta = coalesce(meta, '{}'::jsonb) || jsonb_build_object('photos', v_photos || jsonb_build_array(p_path))
    where id = p_package_id
    returning * into v_package;
  end if;
  return jsonb_build_object('package', public.package_json(v_package), 'previous_version', v_previous);
end
$$;

-- attach_document: a customer lists document p_path (<their user id>/<document id>.pdf, .jpg or .png,
-- already uploaded) on their prealert or shipment, once, with the file's name as they chose it.
-- Returns the prealert (prealert_json) or the shipment (shipment_json).
create or replace function public.attach_document(p_target text, p_target_id uuid, p_path text, p_name text)
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
    raise exception 'sign in to attach documents' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_target is null or p_target not in ('prealert', 'shipment') then
    raise exception 'documents are attached to a prealert or a shipment, not %', p_target using errcode = '22023', hint = 'bad_request';
  end if;
  if p_path is null or p_path !~ ('^' || v_user::text || '/[0-9a-f-]{36}\.(pdf|jpg|png)$') then
    raise exception 'a document is stored as <your user id>/<document id>.pdf, .jpg or .png, not %', p_path using errcode = '22023', hint = 'bad_file_path',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  if v_name is null or char_length(v_name) not between 1 and 120 then
    raise exception 'a document''s name has 1 to 120 characters' using errcode = '22023', hint = 'document_name_length',
      detail = jsonb_build_object('max', 120)::text;
  end if;
  v_type := public.stored_object_type('documents', p_path);
  if v_type is null then
    raise exception 'document % has not been uploaded', p_path using errcode = 'PT404', hint = 'file_not_uploaded',
      detail = jsonb_build_object('path', p_path)::text;
  end if;

  if p_target = 'prealert' then
    select * into v_prealert from public.prealerts where id = p_target_id and user_id = v_user for update;
    if not found then
      raise exception 'prealert % not found', p_target_id using errcode = 'PT404', hint = 'prealert_not_found',
      detail = jsonb_build_object('prealert', p_target_id)::text;
    end if;
    v_documents := v_prealert.documents;
    v_state := v_prealert.state;
  else
    select * into v_shipment from public.shipments where id = p_target_id and user_id = v_user for update;
    if not found then
      raise exception 'shipment % not found', p_target_id using errcode = 'PT404', hint = 'shipment_not_found',
      detail = jsonb_build_object('shipment', p_target_id)::text;
    end if;
    v_documents := v_shipment.documents;
    v_state := v_shipment.status;
  end if;

  if not jsonb_path_exists(v_documents, '$[*] ? (@.path == $path)', jsonb_build_object('path', p_path)) then
    if v_state in ('cancelled', 'delivered') then
      raise exception 'documents cannot be attached to a % %', v_state, p_target using errcode = '22023', hint = 'documents_closed',
      detail = jsonb_build_object('target', p_target, 'state', v_state)::text;
    end if;
    if jsonb_array_length(v_documents) >= 10 then
      raise exception 'at most 10 documents can be attached to a %', p_target using errcode = '22023', hint = 'too_many_documents',
      detail = jsonb_build_object('target', p_target, 'max', 10)::text;
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

-- set_avatar: the caller's profile photo is p_path (<their user id>/<photo id>.jpg, already uploaded).
-- Returns the profile as pull_profiles sends it.
create or replace function public.set_avatar(p_path text)
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
    raise exception 'sign in to set a profile photo' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_path is null or p_path !~ ('^' || v_user::text || '/[0-9a-f-]{36}\.jpg$') then
    raise exception 'a profile photo is stored as <your user id>/<photo id>.jpg, not %', p_path using errcode = '22023', hint = 'bad_file_path',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  if public.stored_object_type('avatars', p_path) is null then
    raise exception 'photo % has not been uploaded', p_path using errcode = 'PT404', hint = 'file_not_uploaded',
      detail = jsonb_build_object('path', p_path)::text;
  end if;
  update public.profiles set avatar_path = p_path where id = v_user returning * into v_profile;
  if not found then
    raise exception 'profile % not found', v_user using errcode = 'PT404', hint = 'profile_not_found',
      detail = jsonb_build_object('profile', v_user)::text;
  end if;
  return (to_jsonb(v_profile) - 'change_xid') || jsonb_build_object(
    'locker_code', (select l.code from public.lockers l where l.user_id = v_user), 'deleted_at', null);
end
$$;

revoke execute on function public.stored_object_type(text, text) from public, anon, authenticated;
revoke execute on function public.add_package_photo(uuid, text) from public, anon;
grant execute on function public.add_package_photo(uuid, text) to authenticated;
revoke execute on function public.attach_document(text, uuid, text, text) from public, anon;
grant execute on function public.attach_document(text, uuid, text, text) to authenticated;
revoke execute on function public.set_avatar(text) from public, anon;
grant execute on function public.set_avatar(text) to authenticated;
