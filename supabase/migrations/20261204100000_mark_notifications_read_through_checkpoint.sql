-- "Mark all as read" up to the pull's cursor (issue 45). Marking everything made up to the
-- created_at of the newest notification the device held also marked ones it never showed: a slow
-- job's transaction stamps created_at when it begins and commits after a pull, so its rows have an
-- earlier created_at than ones already pulled, and a later change_xid. The device now sends the
-- checkpoint of its notifications stream ("<change_xid>:<id>", where its last pull ended) and this
-- marks the caller's unread notifications at or before it in the pulls' order.
--
-- Why that is exactly what the device showed: the pull delivers every row stamped at or before its
-- checkpoint (a page holds only rows of transactions older than the oldest one running, and any
-- write after it takes a later transaction id), so the device holds each of them as it was then.
-- A notification changes only by being read, once (the stamp trigger below refuses any other
-- change), so one still unread keeps the stamp it was made with: unread and at or before the
-- checkpoint is unread and shown. One read meanwhile (another device) needs nothing; one made or
-- changed after the pull is after the checkpoint.
--
-- mark_notifications_read_until (a time) and mark_notifications_read (ids) stay for ops of those
-- shapes still queued on devices. The pull now says each row's change_xid, so the device lays the
-- mark over the same rows (local-db/notification-overlay.ts).

-- 1. A notification changes once: it is read. Anything else (a payload rewritten, read_at moved
-- or cleared) would give a row the device showed a stamp after its checkpoint.
create or replace function public.notifications_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if old.read_at is not null or new.read_at is null then
      raise exception 'notification % changes only by being read, once', old.id
        using errcode = '22023', hint = 'bad_request', detail = jsonb_build_object('notification', old.id)::text;
    end if;
    new.id := old.id;
    new.user_id := old.user_id;
    new.kind := old.kind;
    new.payload := old.payload;
    new.source := old.source;
    new.created_at := old.created_at;
  else
    new.created_at := now();
  end if;
  new.change_xid := pg_current_xact_id();
  return new;
end
$$;

-- 2. The op table records a checkpoint for ops of the new shape, a time for the older ones.
alter table public.notification_read_ops alter column up_to drop not null;
alter table public.notification_read_ops add column through text;
alter table public.notification_read_ops add constraint notification_read_ops_one_bound
  check ((up_to is null) <> (through is null));

-- 3. Marks read the caller's own unread notifications at or before p_checkpoint in (change_xid,
-- id) order; returns how many. Idempotent on the op id as mark_notifications_read_until is: a replay
-- returns the first answer and changes nothing (not even a notification committed since), and the
-- same op id with another checkpoint, or another caller's, is refused.
create function public.mark_notifications_read_through(p_op_id uuid, p_checkpoint text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_xid xid8;
  v_id uuid;
  v_through text;
  v_op public.notification_read_ops;
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_checkpoint is null then
    raise exception 'p_op_id and p_checkpoint are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if p_checkpoint !~ '^[0-9]{1,19}:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    raise exception 'p_checkpoint is not a pull checkpoint' using errcode = '22023', hint = 'bad_request';
  end if;
  v_xid := pg_catalog.split_part(p_checkpoint, ':', 1)::xid8;
  v_id := pg_catalog.split_part(p_checkpoint, ':', 2)::uuid;
  -- As the pull prints it, so one checkpoint spelled two ways is one change.
  v_through := public.pull_checkpoint(v_xid, v_id);
  insert into public.notification_read_ops (op_id, user_id, through)
  values (p_op_id, auth.uid(), v_through)
  on conflict (op_id) do nothing;
  if not found then
    select * into v_op from public.notification_read_ops o where o.op_id = p_op_id;
    if v_op.user_id is distinct from auth.uid() or v_op.through is distinct from v_through then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused',
        detail = jsonb_build_object('op', p_op_id)::text;
    end if;
    return json_build_object('marked', v_op.marked);
  end if;
  update public.notifications n set read_at = now()
  where n.user_id = auth.uid() and n.read_at is null and (n.change_xid, n.id) <= (v_xid, v_id);
  get diagnostics v_marked = row_count;
  update public.notification_read_ops o set marked = v_marked where o.op_id = p_op_id;
  return json_build_object('marked', v_marked);
end
$$;

revoke execute on function public.mark_notifications_read_through(uuid, text) from public, anon;
grant execute on function public.mark_notifications_read_through(uuid, text) to authenticated;

-- 4. The pull, as in 20261127100000_notifications, with each row's change_xid (as text: a 64-bit
-- number), which the device compares with the checkpoint a mark carries.
create or replace function public.pull_notifications(p_since text, p_limit integer default 500)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select b.since_xid, b.since_id, b.horizon, b.page_size, auth.uid() as uid
    from public.pull_bounds(p_since, p_limit) b
  ),
  candidates as (
    select s.id, s.change_xid, row_number() over (order by s.change_xid, s.id) as n
    from (
      select x.id, x.change_xid from public.notifications x
      where x.user_id = (select uid from bounds)
        and public.pull_pending(x.change_xid, x.id, (select since_xid from bounds), (select since_id from bounds), (select horizon from bounds))
      order by x.change_xid, x.id
      limit (select page_size + 1 from bounds)
    ) s
  ),
  page as (
    select c.* from candidates c, bounds b where c.n <= b.page_size
  )
  select json_build_object(
    'notifications', coalesce(
      (select json_agg(json_build_object(
          'id', x.id, 'kind', x.kind, 'payload', x.payload, 'created_at', x.created_at, 'read_at', x.read_at,
          'change_xid', x.change_xid::text)
          order by pg.n)
       from page pg join public.notifications x on x.id = pg.id),
      '[]'::json),
    'checkpoint', coalesce(
      (select public.pull_checkpoint(pg.change_xid, pg.id) from page pg order by pg.n desc limit 1),
      p_since),
    'has_more', exists (select 1 from candidates c, bounds b where c.n > b.page_size)
  )
$$;
