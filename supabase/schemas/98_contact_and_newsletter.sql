-- The contact form and the newsletter (issue 47 §5), both written by anyone, signed in or not, through
-- one function each; mail goes out through the outbox (97_mail.sql) to an address that need not be a
-- customer's (enqueue_mail_to).
--
-- Contact: send_contact_message stores a message and queues its acknowledgement ('contact_received'),
-- in the customer's language when signed in, else the page's. Spam: a honeypot field (a bot that fills
-- it is answered as if sent and nothing is stored) and at most 5 messages an hour per address (the
-- stand-in gives functions no client address, so there is no limit per IP). The limits of each field
-- are the form's (src/components/contact-limits.ts; tests/db/contact-messages.test.ts holds them
-- equal). A customer reads their own messages, staff (clerks and admins) all of them; staff answer
-- (answer_contact_message), once, and the answer is mailed ('contact_answered') and kept.
--
-- Newsletter: double opt-in. subscribe_newsletter keeps the address pending and mails a link with a
-- random token ('newsletter_confirm', payload {confirm_path, unsubscribe_path}); only the token's
-- SHA-256 is stored. Subscribing again while pending sends a new link (and the old one stops working),
-- at most once per 2 minutes. confirm_newsletter and unsubscribe_newsletter take the token; admins read
-- the subscribers.

-- Mail to an address that need not be a customer's, in the language given. Returns the row's id (null
-- when the key was already queued).
create or replace function public.enqueue_mail_to(p_address text, p_lang text, p_kind text, p_payload jsonb, p_key text,
  p_user_id uuid default null)
returns uuid
language sql
security definer
set search_path = ''
as $$
  insert into public.mail_outbox (user_id, address, kind, lang, payload, idempotency_key)
  values (p_user_id, p_address, p_kind, p_lang, p_payload, p_key)
  on conflict on constraint mail_outbox_idempotency_key_once do nothing
  returning id
$$;

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.profiles (id) on delete set null,
  name text not null constraint contact_messages_name_length check (char_length(name) between 1 and 200),
  email text not null constraint contact_messages_email_format check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 255),
  lang text not null constraint contact_messages_lang_known check (lang in ('es', 'en')),
  subject text not null constraint contact_messages_subject_known check (subject in ('general', 'tracking', 'billing', 'technical', 'complaint')),
  body text not null constraint contact_messages_body_length check (char_length(body) between 1 and 5000),
  status text not null default 'open' constraint contact_messages_status_known check (status in ('open', 'answered')),
  answer text constraint contact_messages_answer_length check (char_length(answer) between 1 and 5000),
  answered_by uuid references public.profiles (id) on delete set null,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  constraint contact_messages_answered_has_answer check ((status = 'answered') = (answer is not null and answered_at is not null))
);

create index contact_messages_email_idx on public.contact_messages (lower(email), created_at);
create index contact_messages_user_idx on public.contact_messages (user_id, created_at);
create index contact_messages_status_idx on public.contact_messages (status, created_at);

create or replace function public.send_contact_message(p_name text, p_email text, p_subject text, p_body text, p_lang text,
  p_website text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_body text := btrim(coalesce(p_body, ''));
  v_lang text := case when p_lang = 'en' then 'en' else 'es' end;
  v_id uuid;
begin
  -- The honeypot: a field people never see. Whoever fills it is told it was sent.
  if btrim(coalesce(p_website, '')) <> '' then
    return;
  end if;
  if v_name = '' or char_length(v_name) > 200 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 255
    or p_subject is null or p_subject not in ('general', 'tracking', 'billing', 'technical', 'complaint')
    or v_body = '' or char_length(v_body) > 5000 then
    raise exception 'invalid contact message' using errcode = '22023', hint = 'bad_contact_message';
  end if;
  -- One address's messages are counted one transaction at a time, so a burst cannot pass the limit.
  perform pg_advisory_xact_lock(pg_catalog.hashtextextended('contact:' || v_email, 0));
  if (select count(*) from public.contact_messages c
      where lower(c.email) = v_email and c.created_at > pg_catalog.clock_timestamp() - interval '1 hour') >= 5 then
    raise exception 'too many messages from this address' using errcode = '54000', hint = 'contact_rate_limited',
      detail = jsonb_build_object('max', 5)::text;
  end if;
  if v_uid is not null then
    select pr.lang into v_lang from public.profiles pr where pr.id = v_uid;
    v_lang := coalesce(v_lang, 'es');
  end if;
  insert into public.contact_messages (user_id, name, email, lang, subject, body, created_at)
  values (v_uid, v_name, v_email, v_lang, p_subject, v_body, pg_catalog.clock_timestamp())
  returning id into v_id;
  perform public.enqueue_mail_to(v_email, v_lang, 'contact_received',
    jsonb_build_object('message_id', v_id, 'subject', p_subject, 'body_excerpt', left(v_body, 280)),
    'contact_received:' || v_id, v_uid);
end
$$;

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

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  address text not null constraint newsletter_subscribers_address_once unique
    constraint newsletter_subscribers_address_format check (address ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(address) <= 255 and address = lower(address)),
  lang text not null constraint newsletter_subscribers_lang_known check (lang in ('es', 'en')),
  status text not null default 'pending' constraint newsletter_subscribers_status_known check (status in ('pending', 'confirmed', 'unsubscribed')),
  -- SHA-256 of the token of the last link mailed (the token itself is only in that mail).
  token_hash bytea not null constraint newsletter_subscribers_token_once unique,
  confirm_mails integer not null default 1,
  confirm_sent_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);

create or replace function public.subscribe_newsletter(p_address text, p_lang text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_address text := lower(btrim(coalesce(p_address, '')));
  v_lang text := case when p_lang = 'en' then 'en' else 'es' end;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_row public.newsletter_subscribers;
begin
  if v_address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_address) > 255 then
    raise exception 'invalid address' using errcode = '22023', hint = 'bad_newsletter_address';
  end if;
  perform pg_advisory_xact_lock(pg_catalog.hashtextextended('newsletter:' || v_address, 0));
  select * into v_row from public.newsletter_subscribers s where s.address = v_address;
  if found and v_row.status = 'confirmed' then
    return;
  end if;
  if found and v_row.status = 'pending' and v_row.confirm_sent_at > pg_catalog.clock_timestamp() - interval '2 minutes' then
    raise exception 'a confirmation was just sent' using errcode = '54000', hint = 'newsletter_rate_limited';
  end if;
  insert into public.newsletter_subscribers as s (address, lang, token_hash, confirm_sent_at)
  values (v_address, v_lang, sha256(convert_to(v_token, 'UTF8')), pg_catalog.clock_timestamp())
  on conflict on constraint newsletter_subscribers_address_once do update
  set lang = excluded.lang, status = 'pending', token_hash = excluded.token_hash, confirm_mails = s.confirm_mails + 1,
    confirm_sent_at = excluded.confirm_sent_at, confirmed_at = null, unsubscribed_at = null
  returning * into v_row;
  perform public.enqueue_mail_to(v_address, v_lang, 'newsletter_confirm',
    jsonb_build_object('confirm_path', '/' || v_lang || '/newsletter/confirm?token=' || v_token,
      'unsubscribe_path', '/' || v_lang || '/newsletter/unsubscribe?token=' || v_token),
    'newsletter_confirm:' || v_row.id || ':' || v_row.confirm_mails);
end
$$;

-- The subscriber a token names, taken for update; refused when none does.
create or replace function public.newsletter_subscriber_of(p_token text)
returns public.newsletter_subscribers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.newsletter_subscribers;
begin
  select * into v_row from public.newsletter_subscribers s
  where s.token_hash = sha256(convert_to(coalesce(p_token, ''), 'UTF8'))
  for update;
  if not found then
    raise exception 'unknown newsletter token' using errcode = 'PT404', hint = 'newsletter_token_unknown';
  end if;
  return v_row;
end
$$;

-- Confirms the subscription (once; again is the same answer). Returns the status after: an address
-- that unsubscribed stays so.
create or replace function public.confirm_newsletter(p_token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.newsletter_subscribers := public.newsletter_subscriber_of(p_token);
begin
  if v_row.status = 'pending' then
    update public.newsletter_subscribers s set status = 'confirmed', confirmed_at = now() where s.id = v_row.id;
    return 'confirmed';
  end if;
  return v_row.status;
end
$$;

create or replace function public.unsubscribe_newsletter(p_token text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.newsletter_subscribers := public.newsletter_subscriber_of(p_token);
begin
  if v_row.status <> 'unsubscribed' then
    update public.newsletter_subscribers s set status = 'unsubscribed', unsubscribed_at = now() where s.id = v_row.id;
  end if;
  return 'unsubscribed';
end
$$;

-- The confirmed subscribers, oldest first, for the admins' list and its CSV (what the table's column
-- grants let them read, in one call the API's filters need not spell).
create or replace function public.confirmed_newsletter_subscribers()
returns table (address text, lang text, confirmed_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'permission denied: only admins read the subscribers' using errcode = '42501', hint = 'admins_only';
  end if;
  return query
    select s.address, s.lang, s.confirmed_at from public.newsletter_subscribers s
    where s.status = 'confirmed'
    order by s.confirmed_at, s.address;
end
$$;

revoke execute on function public.enqueue_mail_to(text, text, text, jsonb, text, uuid) from public, anon, authenticated;
revoke execute on function public.newsletter_subscriber_of(text) from public, anon, authenticated;
revoke execute on function public.send_contact_message(text, text, text, text, text, text) from public;
grant execute on function public.send_contact_message(text, text, text, text, text, text) to anon, authenticated;
revoke execute on function public.answer_contact_message(uuid, text) from public, anon;
grant execute on function public.answer_contact_message(uuid, text) to authenticated;
revoke execute on function public.subscribe_newsletter(text, text) from public;
grant execute on function public.subscribe_newsletter(text, text) to anon, authenticated;
revoke execute on function public.confirm_newsletter(text) from public;
grant execute on function public.confirm_newsletter(text) to anon, authenticated;
revoke execute on function public.unsubscribe_newsletter(text) from public;
grant execute on function public.unsubscribe_newsletter(text) to anon, authenticated;
revoke execute on function public.confirmed_newsletter_subscribers() from public, anon;
grant execute on function public.confirmed_newsletter_subscribers() to authenticated;

revoke all on public.contact_messages from anon, authenticated;
grant select on public.contact_messages to authenticated;
alter table public.contact_messages enable row level security;

create policy "contact_messages: a customer reads their own, staff all" on public.contact_messages
  for select to authenticated using (user_id = (select auth.uid()) or (select public.is_staff()));

revoke all on public.newsletter_subscribers from anon, authenticated;
grant select (id, address, lang, status, created_at, confirmed_at, unsubscribed_at) on public.newsletter_subscribers to authenticated;
alter table public.newsletter_subscribers enable row level security;

create policy "newsletter_subscribers: admins read" on public.newsletter_subscribers
  for select to authenticated using ((select public.is_admin()));
