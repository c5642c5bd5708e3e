-- "Mark all as read" as "everything up to this time": one small op however many notifications a
-- customer has (a list of every id could outgrow a request body and be refused for its size).
-- The device sends the created_at of the newest notification it holds, a server time, so it marks
-- on the device exactly what this marks here. mark_notifications_read(p_op_id, p_ids) stays for ops
-- of the old shape still queued on devices.

-- The ops already applied, one row per op id, so a replay returns the first outcome and changes
-- nothing (not even a notification committed late with an earlier created_at), and a second change
-- under the same op id is told from a replay. They go with their customer. No API role reads or
-- writes it; the policy says so to whoever adds a grant.
create table public.notification_read_ops (
  op_id uuid primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  up_to timestamptz not null,
  marked integer,
  recorded_at timestamptz not null default now()
);

create index notification_read_ops_user_idx on public.notification_read_ops (user_id);

revoke all on public.notification_read_ops from anon, authenticated;

alter table public.notification_read_ops enable row level security;

create policy "notification_read_ops: not for the API" on public.notification_read_ops
  as restrictive for all to anon, authenticated using (false) with check (false);

-- Marks read the caller's own unread notifications made at or before p_up_to; returns how many.
-- A replay racing the first call waits on its uncommitted op id, then sees it (a new snapshot per
-- statement in READ COMMITTED).
create function public.mark_notifications_read_until(p_op_id uuid, p_up_to timestamptz)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_op public.notification_read_ops;
  v_marked integer;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_op_id is null or p_up_to is null then
    raise exception 'p_op_id and p_up_to are required' using errcode = '22004';
  end if;
  insert into public.notification_read_ops (op_id, user_id, up_to)
  values (p_op_id, auth.uid(), p_up_to)
  on conflict (op_id) do nothing;
  if not found then
    select * into v_op from public.notification_read_ops o where o.op_id = p_op_id;
    if v_op.user_id is distinct from auth.uid() or v_op.up_to is distinct from p_up_to then
      raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409';
    end if;
    return json_build_object('marked', v_op.marked);
  end if;
  update public.notifications n set read_at = now()
  where n.user_id = auth.uid() and n.read_at is null and n.created_at <= p_up_to;
  get diagnostics v_marked = row_count;
  update public.notification_read_ops o set marked = v_marked where o.op_id = p_op_id;
  return json_build_object('marked', v_marked);
end
$$;

revoke execute on function public.mark_notifications_read_until(uuid, timestamptz) from public, anon;
grant execute on function public.mark_notifications_read_until(uuid, timestamptz) to authenticated;
