-- Reading and answering the contact form's messages is desk work: clerks as well as admins (it was
-- admins only). The newsletter's subscribers and the mail admin stay the managers'.

drop policy "contact_messages: a customer reads their own, admins all" on public.contact_messages;
create policy "contact_messages: a customer reads their own, staff all" on public.contact_messages
  for select to authenticated using (user_id = (select auth.uid()) or (select public.is_staff()));

-- Staff answer a message once; the same answer sent again (a retried request) is answered as the first.
create or replace function public.answer_contact_message(p_id uuid, p_answer text)
returns public.contact_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_answer text := btrim(coalesce(p_answer, ''));
  v_message public.contact_messages;
begin
  if not public.is_staff() then
    raise exception 'permission denied: only staff answer messages' using errcode = '42501', hint = 'staff_only';
  end if;
  if v_answer = '' or char_length(v_answer) > 5000 then
    raise exception 'invalid answer' using errcode = '22023', hint = 'bad_contact_answer', detail = jsonb_build_object('max', 5000)::text;
  end if;
  select * into v_message from public.contact_messages c where c.id = p_id for update;
  if not found then
    raise exception 'no such message' using errcode = 'PT404', hint = 'contact_message_not_found';
  end if;
  if v_message.status = 'answered' then
    if v_message.answer = v_answer then
      return v_message;
    end if;
    raise exception 'message already answered' using errcode = 'PT409', hint = 'contact_message_answered';
  end if;
  update public.contact_messages c
  set status = 'answered', answer = v_answer, answered_by = auth.uid(), answered_at = now()
  where c.id = p_id
  returning * into v_message;
  perform public.enqueue_mail_to(v_message.email, v_message.lang, 'contact_answered',
    jsonb_build_object('message_id', v_message.id, 'subject', v_message.subject, 'answer', v_answer),
    'contact_answered:' || v_message.id, v_message.user_id);
  return v_message;
end
$$;
