-- A storage reminder's mail says what storage costs once free storage ends: its payload carries the
-- storage_fee_cents_per_day rate as it is when the reminder is made. What and why: supabase/schemas/97_mail.sql.

-- Each notification made is mailed as its kind says (a package's status change only when delivered; a
-- storage reminder with the daily fee that follows free storage, as the rates say now), in the
-- notification's transaction.
create or replace function public.mail_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'package_received' then
    perform public.enqueue_arrival_mail(new.user_id, new.payload, 'notification:' || new.source);
  elsif new.kind = 'package_status' then
    if new.payload ->> 'status' = 'entregado' then
      perform public.enqueue_mail(new.user_id, 'package_delivered', new.payload, 'notification:' || new.source);
    end if;
  elsif new.kind in ('storage_ending', 'storage_last_day') then
    perform public.enqueue_mail(new.user_id, new.kind,
      new.payload || jsonb_strip_nulls(jsonb_build_object('fee_cents_per_day', public.rate_value('storage_fee_cents_per_day'))),
      'notification:' || new.source);
  else
    perform public.enqueue_mail(new.user_id, new.kind, new.payload, 'notification:' || new.source);
  end if;
  return null;
end
$$;
