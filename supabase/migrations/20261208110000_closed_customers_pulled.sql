-- A closed account's profile says so in the pulls (closed_at), so the desk can show a deleted
-- customer as one rather than as a blank name.
create or replace function public.profiles_json(p_ids uuid[])
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
      'id', pr.id, 'email', pr.email, 'full_name', pr.full_name, 'phone', pr.phone,
      'role', pr.role, 'plan', pr.plan, 'country', pr.country, 'delivery_address', pr.delivery_address,
      'city', pr.city, 'postal_code', pr.postal_code, 'id_number', pr.id_number, 'avatar_path', pr.avatar_path,
      'push_muted', pr.push_muted, 'lang', pr.lang, 'mail_muted', pr.mail_muted, 'in_app_muted', pr.in_app_muted,
      'created_at', pr.created_at, 'updated_at', pr.updated_at, 'closed_at', pr.closed_at,
      'locker_code', (select l.code from public.lockers l where l.user_id = pr.id),
      'deleted_at', null)
      order by i.n), '[]'::json)
  from public.profiles pr
  join unnest(p_ids) with ordinality as i (id, n) on i.id = pr.id
  where pr.id = any (p_ids)
$$;
