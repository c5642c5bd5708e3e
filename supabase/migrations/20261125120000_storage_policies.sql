-- Who may do what with files in Supabase Storage: policies on storage.objects (RLS is on there,
-- and without a policy nothing is allowed). The buckets and their limits are in config.toml
-- ([storage.buckets.*]); the paths are chosen by the app: a package photo is
-- <package id>/<photo id>.jpg, a document and a profile photo <user id>/<file id>.<ext>.

-- package-photos (private): the warehouse takes them; a customer sees those of their own packages.
create policy "package photos: admins manage them" on storage.objects
  for all to authenticated
  using (bucket_id = 'package-photos' and (select public.is_admin()))
  with check (bucket_id = 'package-photos' and (select public.is_admin()));

create policy "package photos: owners read their packages' photos" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'package-photos'
    and exists (
      select 1 from public.packages p
      where p.id::text = (storage.foldername(name))[1] and p.user_id = (select auth.uid())
    )
  );

-- documents (private): a customer's invoices under their own folder; the warehouse reads them all.
create policy "documents: customers manage their own folder" on storage.objects
  for all to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "documents: admins read them all" on storage.objects
  for select to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()));

-- avatars (public bucket): anyone reads; each user writes only under their own folder.
create policy "avatars: anyone reads them" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'avatars');

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
