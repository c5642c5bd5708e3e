-- Realtime: the tables the app listens to are in the supabase_realtime publication, which is what
-- Supabase Realtime streams postgres_changes from. Realtime still applies each subscriber's RLS before
-- it delivers an insert or an update, so publishing a table exposes no row a subscriber could not
-- select. A change is a poke: the pulls say what is new.
--
-- packages and profiles change while someone watches them; lockers appear with their profile;
-- deleted_profiles is how admins' copies learn that a profile is gone (only admins read the
-- tombstones); a customer's open list and the warehouse desk hear a prealert change; shipments (a
-- change to its items, timeline or packages comes with a new version of the shipment, so those need not
-- be published); rates (the prices on screen); notifications; a customer's account lines and balance.
--
-- Supabase creates the publication with every project; a database without it (a bare PostgreSQL) gets
-- it here.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

alter publication supabase_realtime add table
  public.profiles, public.lockers, public.deleted_profiles, public.packages, public.prealerts, public.shipments,
  public.rates, public.notifications, public.account_entries, public.account_balances;
