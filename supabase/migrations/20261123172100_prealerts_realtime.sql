-- Realtime for prealerts: a customer's open list and the warehouse desk hear a prealert change
-- (received when its package is registered, edited or cancelled elsewhere). As in
-- 20261123160000_realtime_publication: the publication is created when the database has none,
-- a table already in it is left as it is, so this can run again; Realtime applies each
-- subscriber's RLS (a customer hears only their own prealerts, an admin every one).

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

do $$
begin
  if not exists (
    select from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'prealerts'
  ) then
    alter publication supabase_realtime add table public.prealerts;
  end if;
end
$$;
