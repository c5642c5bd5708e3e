-- The editor's writes (admins only): an article saved whole (its fields and its texts per
-- language), an FAQ answer saved, an answer moved. Each takes an op id, so a replay from the
-- outbox changes nothing; an article or answer saved takes the version it was edited from, and one
-- changed meanwhile by someone else is refused (PT409, hint 'content_changed'), never overwritten.
-- Every refusal carries a stable key in its hint, which the app translates.

create table public.content_ops (
  op_id uuid primary key,
  subject_id uuid not null,
  actor uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('save-article', 'save-faq', 'move-faq')),
  args jsonb not null,
  -- What the op returned: a replay returns the same.
  result jsonb not null,
  recorded_at timestamptz not null default now()
);

revoke all on public.content_ops from anon, authenticated;
alter table public.content_ops enable row level security;
create policy "content_ops: not for the API" on public.content_ops
  as restrictive for all to anon, authenticated using (false) with check (false);

-- The result an op already recorded, null when it is new; PT409 when its id was used for another change.
create function public.replayed_content_op(p_op_id uuid, p_subject_id uuid, p_kind text, p_args jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_op public.content_ops;
begin
  if p_op_id is null or p_subject_id is null then
    raise exception 'an op id and an id are required' using errcode = '22004', hint = 'missing_id';
  end if;
  -- Two sends of one op wait for each other here rather than both applying.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(p_op_id::text, 0));
  select * into v_op from public.content_ops o where o.op_id = p_op_id;
  if not found then
    return null;
  end if;
  if v_op.subject_id is distinct from p_subject_id or v_op.actor is distinct from auth.uid() or v_op.kind is distinct from p_kind or v_op.args is distinct from p_args then
    raise exception 'operation % was already recorded for a different change', p_op_id using errcode = 'PT409', hint = 'op_reused';
  end if;
  return v_op.result;
end
$$;

revoke execute on function public.replayed_content_op(uuid, uuid, text, jsonb) from public, anon, authenticated;

create function public.require_content_editor()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'only admins edit the site''s content' using errcode = '42501', hint = 'admins_only';
  end if;
end
$$;

revoke execute on function public.require_content_editor() from public, anon, authenticated;

-- An article as the editor and the pages read it: its fields and its texts by language.
create function public.article_json(p_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(a) || jsonb_build_object('texts', coalesce((
    select jsonb_object_agg(t.lang, to_jsonb(t) - 'article_id' - 'lang') from public.article_texts t where t.article_id = a.id
  ), '{}'::jsonb))
  from public.articles a where a.id = p_id
$$;

revoke execute on function public.article_json(uuid) from public, anon, authenticated;

-- save_article: creates article p_id (p_base_version 0) or replaces it whole, from the version it
-- was edited from. p_article: {category, cover_path, author_name, status, published_at,
-- read_time_minutes, texts: {es?: {slug, title, excerpt, body_md, body_tree, cover_alt}, en?: …}};
-- a language left out is removed. A published article has, in each of its languages, a title, a
-- body and (with a cover) the cover's alt text. Returns the article (article_json).
create function public.save_article(p_op_id uuid, p_id uuid, p_base_version integer, p_article jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_replayed jsonb;
  v_current public.articles;
  v_texts jsonb := coalesce(p_article -> 'texts', '{}'::jsonb);
  v_status text := coalesce(p_article ->> 'status', 'draft');
  v_cover text := nullif(p_article ->> 'cover_path', '');
  v_lang text;
  v_text jsonb;
  v_result jsonb;
begin
  perform public.require_content_editor();
  v_replayed := public.replayed_content_op(p_op_id, p_id, 'save-article', jsonb_build_object('base', p_base_version, 'article', p_article));
  if v_replayed is not null then
    return v_replayed;
  end if;
  if jsonb_typeof(v_texts) <> 'object' or exists (select 1 from jsonb_object_keys(v_texts) k where k not in ('es', 'en')) then
    raise exception 'texts are given by language: es, en' using errcode = '22023', hint = 'bad_languages';
  end if;
  if not exists (select 1 from jsonb_object_keys(v_texts)) then
    raise exception 'an article needs a text in at least one language' using errcode = '22023', hint = 'no_language';
  end if;
  if coalesce(p_article ->> 'category', '') not in ('shopping', 'savings', 'regulations', 'events') then
    raise exception 'an article''s category is shopping, savings, regulations or events' using errcode = '22023', hint = 'bad_category';
  end if;
  if coalesce(btrim(p_article ->> 'author_name'), '') = '' then
    raise exception 'an article needs its author' using errcode = '22023', hint = 'author_needed';
  end if;
  if v_status not in ('draft', 'published') or (v_status = 'published' and p_article ->> 'published_at' is null) then
    raise exception 'an article is a draft, or published from a time' using errcode = '22023', hint = 'published_needs_time';
  end if;
  for v_lang, v_text in select * from jsonb_each(v_texts) loop
    if coalesce(v_text ->> 'slug', '') !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(v_text ->> 'slug') > 100 then
      raise exception 'a slug is lowercase letters and digits in words joined by hyphens' using errcode = '22023', hint = 'bad_slug', detail = v_lang;
    end if;
    if coalesce(btrim(v_text ->> 'title'), '') = '' then
      raise exception 'an article needs a title in %', v_lang using errcode = '22023', hint = 'title_needed', detail = v_lang;
    end if;
  end loop;
  if v_status = 'published' then
    for v_lang, v_text in select * from jsonb_each(v_texts) loop
      if coalesce(btrim(v_text ->> 'body_md'), '') = '' then
        raise exception 'a published article needs a body in %', v_lang using errcode = '22023', hint = 'body_needed', detail = v_lang;
      end if;
      if v_cover is not null and coalesce(btrim(v_text ->> 'cover_alt'), '') = '' then
        raise exception 'a published article''s cover needs its alt text in %', v_lang using errcode = '22023', hint = 'cover_needs_alt', detail = v_lang;
      end if;
    end loop;
  end if;

  select * into v_current from public.articles a where a.id = p_id for update;
  if found is distinct from (p_base_version > 0) or (found and v_current.version <> p_base_version) then
    raise exception 'this article was changed by someone else' using errcode = 'PT409', hint = 'content_changed',
      detail = coalesce(v_current.version, 0)::text;
  end if;

  insert into public.articles as a (id, category, cover_path, author_name, status, published_at, read_time_minutes, updated_by)
  values (p_id, p_article ->> 'category', v_cover, btrim(p_article ->> 'author_name'), v_status,
          (p_article ->> 'published_at')::timestamptz, coalesce((p_article ->> 'read_time_minutes')::integer, 1), auth.uid())
  on conflict (id) do update set
    category = excluded.category, cover_path = excluded.cover_path, author_name = excluded.author_name,
    status = excluded.status, published_at = excluded.published_at, read_time_minutes = excluded.read_time_minutes,
    updated_by = excluded.updated_by, updated_at = now(), version = a.version + 1;

  delete from public.article_texts t where t.article_id = p_id and not v_texts ? t.lang;
  for v_lang, v_text in select * from jsonb_each(v_texts) loop
    begin
      insert into public.article_texts as t (article_id, lang, slug, title, excerpt, body_md, body_tree, cover_alt)
      values (p_id, v_lang, v_text ->> 'slug', btrim(v_text ->> 'title'), coalesce(btrim(v_text ->> 'excerpt'), ''),
              coalesce(v_text ->> 'body_md', ''), coalesce(v_text -> 'body_tree', '{"type": "root", "children": []}'), coalesce(btrim(v_text ->> 'cover_alt'), ''))
      on conflict (article_id, lang) do update set
        slug = excluded.slug, title = excluded.title, excerpt = excluded.excerpt, body_md = excluded.body_md,
        body_tree = excluded.body_tree, cover_alt = excluded.cover_alt;
    exception when unique_violation then
      raise exception 'the slug % is taken in %', v_text ->> 'slug', v_lang using errcode = '23505', hint = 'slug_taken', detail = v_lang;
    end;
  end loop;

  v_result := public.article_json(p_id);
  insert into public.content_ops (op_id, subject_id, actor, kind, args, result)
  values (p_op_id, p_id, auth.uid(), 'save-article', jsonb_build_object('base', p_base_version, 'article', p_article), v_result);
  return v_result;
end
$$;

-- save_faq: creates answer p_id (p_base_version 0, placed last) or changes it, from the version it
-- was edited from. p_faq: {question_es, answer_es, question_en, answer_en, published}. Returns the answer.
create function public.save_faq(p_op_id uuid, p_id uuid, p_base_version integer, p_faq jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_replayed jsonb;
  v_current public.faqs;
  v_result jsonb;
begin
  perform public.require_content_editor();
  v_replayed := public.replayed_content_op(p_op_id, p_id, 'save-faq', jsonb_build_object('base', p_base_version, 'faq', p_faq));
  if v_replayed is not null then
    return v_replayed;
  end if;
  select * into v_current from public.faqs f where f.id = p_id for update;
  if found is distinct from (p_base_version > 0) or (found and v_current.version <> p_base_version) then
    raise exception 'this answer was changed by someone else' using errcode = 'PT409', hint = 'content_changed',
      detail = coalesce(v_current.version, 0)::text;
  end if;
  begin
    insert into public.faqs as f (id, position, published, question_es, answer_es, question_en, answer_en, updated_by)
    values (p_id, (select coalesce(max(position), 0) + 1 from public.faqs), coalesce((p_faq ->> 'published')::boolean, true),
            nullif(btrim(p_faq ->> 'question_es'), ''), nullif(btrim(p_faq ->> 'answer_es'), ''),
            nullif(btrim(p_faq ->> 'question_en'), ''), nullif(btrim(p_faq ->> 'answer_en'), ''), auth.uid())
    on conflict (id) do update set
      published = excluded.published, question_es = excluded.question_es, answer_es = excluded.answer_es,
      question_en = excluded.question_en, answer_en = excluded.answer_en,
      updated_by = excluded.updated_by, updated_at = now(), version = f.version + 1
    returning to_jsonb(f) into v_result;
  exception when check_violation then
    raise exception 'an answer needs its question and its answer in at least one language' using errcode = '22023', hint = 'faq_needs_text';
  end;
  insert into public.content_ops (op_id, subject_id, actor, kind, args, result)
  values (p_op_id, p_id, auth.uid(), 'save-faq', jsonb_build_object('base', p_base_version, 'faq', p_faq), v_result);
  return v_result;
end
$$;

-- move_faq: puts answer p_id at p_position (1 is first; beyond the last, last), the others
-- keeping their order. Returns every answer's id in its new order.
create function public.move_faq(p_op_id uuid, p_id uuid, p_position integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_replayed jsonb;
  v_order uuid[];
  v_result jsonb;
begin
  perform public.require_content_editor();
  v_replayed := public.replayed_content_op(p_op_id, p_id, 'move-faq', jsonb_build_object('position', p_position));
  if v_replayed is not null then
    return v_replayed;
  end if;
  -- One mover at a time: positions are renumbered whole.
  perform 1 from public.faqs for update;
  if not exists (select 1 from public.faqs f where f.id = p_id) then
    raise exception 'Answer not found' using errcode = 'PT404', hint = 'faq_not_found';
  end if;
  select array_agg(f.id order by f.position, f.id) into v_order from public.faqs f where f.id <> p_id;
  v_order := v_order[1:greatest(1, p_position) - 1] || p_id || v_order[greatest(1, p_position):];
  update public.faqs f set position = o.n, updated_at = now(), updated_by = auth.uid()
  from unnest(v_order) with ordinality as o (id, n)
  where f.id = o.id and f.position <> o.n;
  v_result := to_jsonb(v_order);
  insert into public.content_ops (op_id, subject_id, actor, kind, args, result)
  values (p_op_id, p_id, auth.uid(), 'move-faq', jsonb_build_object('position', p_position), v_result);
  return v_result;
end
$$;

revoke execute on function public.save_article(uuid, uuid, integer, jsonb), public.save_faq(uuid, uuid, integer, jsonb), public.move_faq(uuid, uuid, integer) from public, anon;
grant execute on function public.save_article(uuid, uuid, integer, jsonb), public.save_faq(uuid, uuid, integer, jsonb), public.move_faq(uuid, uuid, integer) to authenticated;
