-- Limits held equal (issue 45, "fix the class"): every limit the app checks before sending is the
-- database's, proved by property tests that feed the real functions and constraints random input
-- around each bound (tests/db/*-limits.test.ts). Where the two disagreed and the database was the
-- side to change, it changes here.

-- 1. Whitespace is JavaScript's, whatever the locale: trim_whitespace and normalise_tracking_code
-- named it as [[:space:]] plus a list, and [[:space:]] follows the database's locale (PGlite's
-- takes U+0085 for space, PostgreSQL's C.UTF-8 does not), so a text ending in U+0085 was one
-- character longer on one server than on the other and on the device. Now both list exactly the
-- characters String.prototype.trim() and \s take.
create or replace function public.normalise_tracking_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select upper(regexp_replace(p_code, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', '', 'g'))
$$;

create or replace function public.trim_whitespace(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(p_text,
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;

-- 2. An article's author, title, text and cover description are missing when they are only
-- whitespace, any of it: save_article asked btrim, which takes off spaces alone, so a published
-- article whose text was two blank lines went through while the editor refused it. As in
-- 20261202110000_content_editor, but for these four checks.
create or replace function public.save_article(p_op_id uuid, p_id uuid, p_base_version integer, p_article jsonb)
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
  if coalesce(public.trim_whitespace(p_article ->> 'author_name'), '') = '' then
    raise exception 'an article needs its author' using errcode = '22023', hint = 'author_needed';
  end if;
  if v_status not in ('draft', 'published') or (v_status = 'published' and p_article ->> 'published_at' is null) then
    raise exception 'an article is a draft, or published from a time' using errcode = '22023', hint = 'published_needs_time';
  end if;
  for v_lang, v_text in select * from jsonb_each(v_texts) loop
    if coalesce(v_text ->> 'slug', '') !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(v_text ->> 'slug') > 100 then
      raise exception 'a slug is lowercase letters and digits in words joined by hyphens' using errcode = '22023', hint = 'bad_slug', detail = v_lang;
    end if;
    if coalesce(public.trim_whitespace(v_text ->> 'title'), '') = '' then
      raise exception 'an article needs a title in %', v_lang using errcode = '22023', hint = 'title_needed', detail = v_lang;
    end if;
  end loop;
  if v_status = 'published' then
    for v_lang, v_text in select * from jsonb_each(v_texts) loop
      if coalesce(public.trim_whitespace(v_text ->> 'body_md'), '') = '' then
        raise exception 'a published article needs a body in %', v_lang using errcode = '22023', hint = 'body_needed', detail = v_lang;
      end if;
      if v_cover is not null and coalesce(public.trim_whitespace(v_text ->> 'cover_alt'), '') = '' then
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
