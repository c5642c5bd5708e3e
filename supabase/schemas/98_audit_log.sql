-- The audit log: one line per staff action on money, rates and plans, roles, users, content
-- publication and package deletion, written by triggers in the action's own transaction (so a line
-- exists exactly when its change does), and never changed nor deleted by anyone, the service role and
-- the owner included. Admins read it (audit_log_page); clerks and customers read nothing.
--
-- What writes a line (audit_action says it, the action key first):
--   money.<kind>        a ledger line posted by staff or for them (posted_by), e.g. money.payment, and
--                       every refund (a card refund is posted by the service role for the admin who
--                       asked in the app, or for one who refunded in Stripe's dashboard)
--   rate.<op>, plan.<op> any change of a rate or a plan (insert, update, delete)
--   role.change         a profile's role changed, by anyone
--   profile.update      staff changed someone else's profile (name, phone, plan…)
--   profile.delete      a profile deleted, by anyone
--   article.publish, article.unpublish, article.delete, faq.publish, faq.unpublish, faq.delete
--   package.delete, package.restore   deleted_at set or cleared; package.delete also for a hard delete
-- Who: the signed-in user (actor_id) and their role at the time (actor_role), or, with no user, the
-- API role (service_role) or 'system' (the owner: jobs, migrations).
-- Before and after: a change's changed columns only (an insert's whole row in after, a delete's in
-- before), without the bookkeeping (change_xid, version, updated_at, updated_by). A profile's values are
-- kept only for role and plan: the log outlives the customer's account, so their name, contact and
-- addresses are never copied into it; `changed` still names every column that changed.

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_role text not null,
  action text not null,
  table_name text not null,
  row_id text not null,
  changed text[] not null default '{}',
  before jsonb,
  after jsonb
);

-- The screen's filters, newest first, keyset paged on (at, id): all lines, or by actor, action or table.
create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_actor_idx on public.audit_log (actor_id, at desc, id desc);
create index audit_log_action_idx on public.audit_log (action, at desc, id desc);
create index audit_log_table_idx on public.audit_log (table_name, at desc, id desc);

create or replace function public.audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the audit log is never changed nor deleted' using errcode = '42501', hint = 'audit_log_append_only';
end
$$;

create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function public.audit_log_append_only();

create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function public.audit_log_append_only();

-- The action key of a change to a row of p_table (tg_op p_op, rows as JSON), by an actor who is staff
-- (p_staff) or not; null when the change is not audited. Internal.
create or replace function public.audit_action(p_table text, p_op text, p_old jsonb, p_new jsonb, p_staff boolean)
returns text
language sql
stable
set search_path = ''
as $$
  select case p_table
    when 'account_entries' then
      case when p_op = 'INSERT' and (p_staff or p_new ->> 'posted_by' is not null or p_new ->> 'kind' = 'refund') then 'money.' || (p_new ->> 'kind') end
    when 'rates' then 'rate.' || lower(p_op)
    when 'plans' then 'plan.' || lower(p_op)
    when 'profiles' then
      case
        when p_op = 'DELETE' then 'profile.delete'
        when p_op = 'UPDATE' and p_new ->> 'role' is distinct from p_old ->> 'role' then 'role.change'
        when p_op = 'UPDATE' and p_staff and p_new ->> 'id' is distinct from auth.uid()::text then 'profile.update'
      end
    when 'articles' then
      case
        when p_op = 'DELETE' then 'article.delete'
        when p_new ->> 'status' = 'published' and p_old ->> 'status' is distinct from 'published' then 'article.publish'
        when p_old ->> 'status' = 'published' and p_new ->> 'status' is distinct from 'published' then 'article.unpublish'
      end
    when 'faqs' then
      case
        when p_op = 'DELETE' then 'faq.delete'
        when (p_new ->> 'published')::boolean and not coalesce((p_old ->> 'published')::boolean, false) then 'faq.publish'
        when (p_old ->> 'published')::boolean and not (p_new ->> 'published')::boolean then 'faq.unpublish'
      end
    when 'packages' then
      case
        when p_op = 'DELETE' then 'package.delete'
        when p_new ->> 'deleted_at' is not null and p_old ->> 'deleted_at' is null then 'package.delete'
        when p_new ->> 'deleted_at' is null and p_old ->> 'deleted_at' is not null then 'package.restore'
      end
  end
$$;

-- The trigger on every audited table: decides the action and writes the line. SECURITY DEFINER: no API
-- role writes the log, whoever changed the row.
create or replace function public.audit_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_actor uuid := auth.uid();
  v_role text := (select p.role from public.profiles p where p.id = v_actor);
  v_action text;
  v_changed text[];
  v_kept text[];
begin
  -- Someone deleting their own account: their role as it was.
  if tg_table_name = 'profiles' and tg_op = 'DELETE' and v_old ->> 'id' = v_actor::text then
    v_role := v_old ->> 'role';
  end if;
  v_action := public.audit_action(tg_table_name, tg_op, v_old, v_new, coalesce(v_role in ('clerk', 'admin'), false));
  if v_action is null then
    return null;
  end if;
  v_changed := array(
    select k from jsonb_object_keys(coalesce(v_new, v_old)) k
    where k not in ('change_xid', 'version', 'updated_at', 'updated_by')
      and (tg_op <> 'UPDATE' or v_new -> k is distinct from v_old -> k)
    order by k);
  v_kept := case when tg_table_name = 'profiles' then array(select unnest(v_changed) intersect select unnest(array['id', 'role', 'plan'])) else v_changed end;
  insert into public.audit_log (actor_id, actor_role, action, table_name, row_id, changed, before, after)
  values (
    v_actor,
    coalesce(v_role, auth.role(), 'system'),
    v_action,
    tg_table_name,
    coalesce(v_new, v_old) ->> case when tg_table_name = 'rates' then 'key' else 'id' end,
    case when tg_op = 'UPDATE' then v_changed else '{}' end,
    (select jsonb_object_agg(k, v_old -> k) from unnest(v_kept) k where v_old is not null),
    (select jsonb_object_agg(k, v_new -> k) from unnest(v_kept) k where v_new is not null));
  return null;
end
$$;

create trigger audit_account_entries after insert on public.account_entries
  for each row execute function public.audit_row_change();
create trigger audit_rates after insert or update or delete on public.rates
  for each row execute function public.audit_row_change();
create trigger audit_plans after insert or update or delete on public.plans
  for each row execute function public.audit_row_change();
create trigger audit_profiles after update or delete on public.profiles
  for each row execute function public.audit_row_change();
create trigger audit_articles after insert or update of status or delete on public.articles
  for each row execute function public.audit_row_change();
create trigger audit_faqs after insert or update of published or delete on public.faqs
  for each row execute function public.audit_row_change();
create trigger audit_packages after update of deleted_at or delete on public.packages
  for each row execute function public.audit_row_change();

-- The audit screen's page: the lines matching every filter given (null: any), newest first, at most
-- p_limit (1 to 200, 50 when null), after the cursor p_before (the `next` of the page before; null for
-- the first page). p_from and p_to bound `at` (from inclusive, to exclusive). Returns
-- {lines: [{id, at, actor_id, actor_role, actor_name, action, table_name, row_id, changed, before,
-- after}], next: cursor or null when there is no more}. actor_name is the actor's name or email now
-- (null once their profile is gone). Admins (and the service role) only: admins_only.
create or replace function public.audit_log_page(p_actor uuid default null, p_action text default null, p_table text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_before text default null, p_limit integer default 50)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_before_at timestamptz;
  v_before_id bigint;
  v_lines jsonb;
  v_more boolean;
begin
  if not (public.is_admin() or auth.role() = 'service_role') then
    raise exception 'permission denied: only admins read the audit log' using errcode = '42501', hint = 'admins_only';
  end if;
  if p_before is not null then
    begin
      v_before_at := split_part(p_before, '|', 1)::timestamptz;
      v_before_id := split_part(p_before, '|', 2)::bigint;
    exception when others then
      raise exception 'p_before must be a cursor this function returned' using errcode = '22023', hint = 'bad_request';
    end;
  end if;
  -- Only the filters given reach the planner, so it takes the index that serves them.
  execute format(
    $q$select coalesce(jsonb_agg(to_jsonb(l) order by l.at desc, l.id desc) filter (where l.n <= $8), '[]'::jsonb), count(*) > $8
       from (
         select a.id, a.at, a.actor_id, a.actor_role, coalesce(p.full_name, p.email) as actor_name, a.action, a.table_name,
           a.row_id, a.changed, a.before, a.after, row_number() over (order by a.at desc, a.id desc) as n
         from (select * from public.audit_log a where true %s %s %s %s %s %s order by a.at desc, a.id desc limit $8 + 1) a
         left join public.profiles p on p.id = a.actor_id
       ) l$q$,
    case when p_actor is not null then 'and a.actor_id = $1' else '' end,
    case when p_action is not null then 'and a.action = $2' else '' end,
    case when p_table is not null then 'and a.table_name = $3' else '' end,
    case when p_from is not null then 'and a.at >= $4' else '' end,
    case when p_to is not null then 'and a.at < $5' else '' end,
    case when p_before is not null then 'and (a.at, a.id) < ($6, $7)' else '' end)
  into v_lines, v_more
  using p_actor, p_action, p_table, p_from, p_to, v_before_at, v_before_id, v_limit;
  return jsonb_build_object(
    'lines', (select coalesce(jsonb_agg(l - 'n' order by o), '[]'::jsonb) from jsonb_array_elements(v_lines) with ordinality x (l, o)),
    'next', case when v_more then (select (l ->> 'at') || '|' || (l ->> 'id') from jsonb_array_elements(v_lines) with ordinality x (l, o) order by o desc limit 1) end);
end
$$;

revoke execute on function public.audit_log_append_only() from public, anon, authenticated;
revoke execute on function public.audit_action(text, text, jsonb, jsonb, boolean) from public, anon, authenticated;
revoke execute on function public.audit_row_change() from public, anon, authenticated;
revoke execute on function public.audit_log_page(uuid, text, text, timestamptz, timestamptz, text, integer) from public, anon;
grant execute on function public.audit_log_page(uuid, text, text, timestamptz, timestamptz, text, integer) to authenticated, service_role;

revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;

alter table public.audit_log enable row level security;

create policy "audit_log: admins read it" on public.audit_log
  for select to authenticated using ((select public.is_admin()));
