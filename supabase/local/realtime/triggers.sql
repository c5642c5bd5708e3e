-- Stand-in only, never applied to Supabase. Hosted Realtime reads row changes
-- from the WAL through a logical replication slot; PGlite has no logical
-- decoding, so every table in the supabase_realtime publication gets a row
-- trigger that NOTIFYs the stand-in instead. Notifications are delivered at
-- commit (never for a rolled-back change), whoever wrote the row.
--
-- The payload names the row by its primary key and never carries the row:
-- NOTIFY payloads stop at 8000 bytes, and the stand-in re-reads the row as each
-- subscriber anyway, so RLS decides what they see.
--
-- Runs at every start and follows the publication: tables added get the
-- trigger, tables removed lose it.

create schema if not exists standin_realtime;
revoke all on schema standin_realtime from public;

-- Trigger arguments: the table's primary key columns.
create or replace function standin_realtime.notify_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  payload text;
begin
  payload := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'key', (select jsonb_object_agg(k, new_row -> k) from unnest(tg_argv) k where new_row is not null),
    'old_key', (select jsonb_object_agg(k, old_row -> k) from unnest(tg_argv) k where old_row is not null),
    -- The commit time is not known yet; the change's own time is the closest.
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  if octet_length(payload) < 8000 then
    perform pg_notify('standin_realtime', payload);
  else
    -- Failing the write would be worse than missing the event.
    raise warning 'realtime: % on %.% not delivered, its primary key is too long for NOTIFY', tg_op, tg_table_schema, tg_table_name;
  end if;
  return null;
end
$$;

revoke all on function standin_realtime.notify_change() from public;

do $$
declare
  target record;
begin
  for target in
    select t.tgrelid::regclass as rel
    from pg_trigger t
    where t.tgname = 'standin_realtime_notify'
      and not exists (
        select from pg_publication_tables p
        where p.pubname = 'supabase_realtime'
          and format('%I.%I', p.schemaname, p.tablename)::regclass = t.tgrelid
      )
  loop
    execute format('drop trigger standin_realtime_notify on %s', target.rel);
  end loop;

  for target in
    select rel, coalesce((
        select string_agg(quote_literal(a.attname), ', ' order by a.attnum)
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.conrelid = rel and c.contype = 'p'
      ), '') as key_columns
    from (
      select format('%I.%I', p.schemaname, p.tablename)::regclass as rel
      from pg_publication_tables p
      where p.pubname = 'supabase_realtime'
    ) published
  loop
    execute format(
      'create or replace trigger standin_realtime_notify after insert or update or delete on %s '
      'for each row execute function standin_realtime.notify_change(%s)',
      target.rel, target.key_columns);
  end loop;
end
$$;
