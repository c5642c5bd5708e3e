-- What every later file builds on: what the API roles get by default on what is created in public,
-- and the extensions.
--
-- Supabase grants the API roles (anon, authenticated) everything on what postgres creates in public;
-- RLS governs select, insert, update and delete, and nothing governs the rest: TRUNCATE (RLS does not
-- apply to it), REFERENCES, TRIGGER, MAINTAIN (PostgreSQL 17+: VACUUM, ANALYZE, REINDEX, LOCK TABLE)
-- and the sequences (setval would move an identity column's values). So a table gets the four RLS
-- governs and each table below narrows them further; a sequence gets nothing (identity columns take
-- their values without a sequence privilege; a table the API fills through a serial column would
-- need its own grant, so use an identity column). Functions keep Supabase's default, EXECUTE for
-- PUBLIC and the API roles, and each function below revokes what it does not offer. Supabase's own
-- defaults for supabase_admin are not ours to change. tests/db/catalog-lint.test.ts checks every
-- table.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public grant select, insert, update, delete on tables to anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- Trigram indexes: the history search (search_history) matches anywhere in a tracking number, a
-- locker code, an email or a name.
create extension if not exists pg_trgm with schema extensions;
