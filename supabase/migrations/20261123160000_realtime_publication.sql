-- Realtime: the tables the app listens to go into the supabase_realtime
-- publication, which is what Supabase Realtime streams postgres_changes from.
-- Realtime still applies each subscriber's RLS before it delivers an insert or
-- an update, so publishing a table exposes no row a subscriber could not select.
--
-- packages and profiles change while someone watches them; lockers appear with
-- their profile; deleted_profiles is how admins' copies learn that a profile is
-- gone (its policy lets only admins read the tombstones).
--
-- Supabase creates the publication with every project; a database without it
-- (a bare PostgreSQL) gets it here. A table already in it, or a publication
-- FOR ALL TABLES, is left as it is, so this can run again.

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

do $$
declare
  published text;
begin
  foreach published in array array['packages', 'profiles', 'lockers', 'deleted_profiles'] loop
    if not exists (
      select from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = published
    ) then
      execute format('alter publication supabase_realtime add table public.%I', published);
    end if;
  end loop;
end
$$;
