-- Notification preferences per kind × channel (issue 47 §4): the kinds a customer leaves out of their
-- in-app list (profiles.in_app_muted, pulled with the profile), one cell set at a time from the device's
-- outbox, and a mail's one-click unsubscribe (the unsubscribe function, service role). What and why:
-- supabase/schemas/98_notification_preferences.sql.

alter table public.profiles
  add column in_app_muted text[] not null default '{}'
    constraint profiles_in_app_muted_known check (in_app_muted <@ array[
      'package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day',
      'payment_received', 'charge_due']);

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
      'created_at', pr.created_at, 'updated_at', pr.updated_at,
      'locker_code', (select l.code from public.lockers l where l.user_id = pr.id),
      'deleted_at', null)
      order by i.n), '[]'::json)
  from public.profiles pr
  join unnest(p_ids) with ordinality as i (id, n) on i.id = pr.id
  where pr.id = any (p_ids)
$$;

-- list with p_kinds taken out (p_on: they are on again) or put in (muted), without repeats, sorted.
create or replace function public.muted_kinds_with(p_list text[], p_kinds text[], p_on boolean)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(distinct k order by k), '{}')
  from unnest(case when p_on then array(select l from unnest(p_list) l where l <> all (p_kinds)) else p_list || p_kinds end) k
$$;

-- The customer turns kinds on or off on one channel ('in_app', 'push' or 'mail'); answers the three lists.
create or replace function public.set_notification_preference(p_op_id uuid, p_channel text, p_kinds text[], p_on boolean)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_profile public.profiles;
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'not_signed_in';
  end if;
  if p_op_id is null or p_kinds is null or p_on is null or p_channel is null or p_channel not in ('in_app', 'push', 'mail') then
    raise exception 'p_op_id, p_channel (in_app, push or mail), p_kinds and p_on are required' using errcode = '22004', hint = 'bad_request';
  end if;
  if p_channel = 'mail' and 'payment_received' = any (p_kinds) then
    raise exception 'A receipt is always mailed' using errcode = '22023', hint = 'receipt_always_mailed';
  end if;
  if not p_kinds <@ (case when p_channel = 'mail'
      then array['package_received', 'package_delivered', 'storage_ending', 'storage_last_day', 'shipment_awaiting_approval', 'charge_due', 'shipment_shipped', 'shipment_delivered']
      else array['package_received', 'package_status', 'shipment_awaiting_approval', 'shipment_shipped', 'storage_ending', 'storage_last_day', 'payment_received', 'charge_due'] end) then
    raise exception 'Unknown notification kind in %', p_kinds using errcode = '22023', hint = 'unknown_notification_kind';
  end if;
  select * into v_profile from public.profiles pr where pr.id = auth.uid();
  case p_channel
    when 'in_app' then v_profile.in_app_muted := public.muted_kinds_with(v_profile.in_app_muted, p_kinds, p_on);
    when 'push' then v_profile.push_muted := public.muted_kinds_with(v_profile.push_muted, p_kinds, p_on);
    else v_profile.mail_muted := public.muted_kinds_with(v_profile.mail_muted, p_kinds, p_on);
  end case;
  -- Only a change is written: a replay does not send the profile to the devices again.
  update public.profiles pr
  set in_app_muted = v_profile.in_app_muted, push_muted = v_profile.push_muted, mail_muted = v_profile.mail_muted
  where pr.id = auth.uid()
    and (pr.in_app_muted, pr.push_muted, pr.mail_muted) is distinct from (v_profile.in_app_muted, v_profile.push_muted, v_profile.mail_muted);
  return json_build_object('in_app_muted', v_profile.in_app_muted, 'push_muted', v_profile.push_muted, 'mail_muted', v_profile.mail_muted);
end
$$;

-- The unsubscribe function (service role), on the word of a mail's signed link: turns the kind's mail off
-- (p_on false) or back on (the app's Undo). Whether the customer is still there to change.
create or replace function public.set_mail_preference_by_link(p_user_id uuid, p_kind text, p_on boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_kind = 'payment_received' then
    raise exception 'A receipt is always mailed' using errcode = '22023', hint = 'receipt_always_mailed';
  end if;
  if p_kind is null or p_on is null or p_kind not in ('package_received', 'package_delivered', 'storage_ending', 'storage_last_day', 'shipment_awaiting_approval',
      'charge_due', 'shipment_shipped', 'shipment_delivered') then
    raise exception 'Unknown mail kind %', p_kind using errcode = '22023', hint = 'unknown_notification_kind';
  end if;
  update public.profiles pr set mail_muted = public.muted_kinds_with(pr.mail_muted, array[p_kind], p_on)
  where pr.id = p_user_id and pr.mail_muted is distinct from public.muted_kinds_with(pr.mail_muted, array[p_kind], p_on);
  return exists (select 1 from public.profiles pr where pr.id = p_user_id);
end
$$;

revoke execute on function public.muted_kinds_with(text[], text[], boolean) from public, anon, authenticated;
revoke execute on function public.set_notification_preference(uuid, text, text[], boolean) from public, anon;
grant execute on function public.set_notification_preference(uuid, text, text[], boolean) to authenticated;
revoke execute on function public.set_mail_preference_by_link(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.set_mail_preference_by_link(uuid, text, boolean) to service_role;
