// Generates realistic candidates in bulk: Dutch and English names (with accents
// and tussenvoegsels), job functions with fitting skills, locations, seniority,
// scores and a consent mix. Used by `npm run seed`, the benches and tests.
//
// The rows are made by PostgreSQL itself (`insert ... select ... from
// generate_series`), which is far faster than sending them from Node: 1M rows
// is one statement per batch. Values are derived from a hash of the row number,
// so a given run is deterministic.
import type pg from 'pg';

export const FIRST_NAMES = [
  'Anouk', 'Daan', 'Sanne', 'Lars', 'Femke', 'Jeroen', 'Lotte', 'Bram', 'Noor', 'Thijs', 'Emma', 'Liam',
  'Olivia', 'Noah', 'Sophie', 'Oliver', 'Charlotte', 'Jack', 'Amelia', 'Harry', 'Fleur', 'Ruben', 'Maud',
  'Sem', 'Isa', 'Milan', 'Jasmijn', 'Stijn', 'Zoë', 'Joël', 'Daniël', 'Chloé', 'Noël', 'Mirthe', 'Tijn',
  'Julia', 'Luuk', 'Eva', 'Jesse', 'Tess', 'Finn', 'Lieke', 'Sven', 'Iris', 'Niels', 'Roos', 'Wouter',
  'Esmée', 'Gijs', 'Floor', 'Koen', 'Merel', 'Joost', 'Ilse', 'Pieter', 'Anne', 'Jan', 'Marieke', 'Kees',
  'Willemijn', 'Hugo', 'Saar', 'Teun', 'Britt', 'Mees', 'Nina', 'Stan', 'Fenna', 'Rik', 'Janneke', 'Mohammed',
  'Fatima', 'Yusuf', 'Aylin', 'Emre', 'Priya', 'Arjun', 'Wei', 'Mei', 'Lucas', 'Mia', 'George', 'Isla',
  'James', 'Grace', 'Thomas', 'Freya', 'William', 'Ella', 'Henry', 'Poppy', 'Alfie', 'Evie', 'Oscar', 'Ava',
  'Léa', 'Renée', 'André', 'José', 'Björn', 'Søren', 'Agnieszka', 'Tomasz', 'Zeynep', 'Hanna', 'Jens',
];

export const LAST_NAMES = [
  'de Vries', 'Jansen', 'Janssen', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder',
  'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra',
  'Smits', 'de Graaf', 'van der Meer', 'van der Linden', 'Kok', 'Jacobs', 'de Haan', 'Vermeulen', 'van den Heuvel',
  'van der Veen', 'van den Broek', 'de Bruijn', 'de Bruin', 'van der Heijden', 'Schouten', 'van Beek', 'Willems',
  'van Vliet', 'van de Ven', 'Hoekstra', 'Maas', 'Verhoeven', 'Koster', 'van Dam', 'van der Wal', 'Prins',
  'Blom', 'Huisman', 'Peeters', 'Kuipers', 'Mertens', 'Post', 'Kuiper', 'van Dijk', 'Wouters', 'Smeets',
  'Müller', 'Schäfer', 'Köhler', 'Jürgens', 'Özdemir', 'Yılmaz', 'Çelik', 'Şahin', 'Ramírez', 'García',
  'Fernández', 'López', 'Nowak', 'Kowalski', 'Wiśniewski', 'Nielsen', 'Søndergaard', 'Ångström', 'Dubois',
  'Lefèvre', 'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson',
  'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke',
  "O'Brien", 'McAllister', 'Patel', 'Khan', 'Singh', 'Chen', 'Nguyen', 'El Amrani', 'Bouzid', 'Achterberg',
];

/** Job functions, each with the skills that fit it. */
const JOBS: Array<[string, string[]]> = [
  ['Backend Engineer', ['typescript', 'node.js', 'go', 'java', 'kotlin', 'postgres', 'kafka', 'aws', 'docker']],
  ['Frontend Engineer', ['typescript', 'react', 'vue', 'css', 'next.js', 'accessibility', 'figma']],
  ['Full-stack Developer', ['typescript', 'react', 'node.js', 'postgres', 'graphql', 'docker', 'python']],
  ['Data Engineer', ['python', 'sql', 'spark', 'airflow', 'dbt', 'kafka', 'snowflake', 'aws']],
  ['Data Scientist', ['python', 'machine-learning', 'sql', 'statistics', 'pytorch', 'r', 'nlp']],
  ['ML Engineer', ['python', 'pytorch', 'machine-learning', 'kubernetes', 'mlops', 'llm']],
  ['DevOps Engineer', ['kubernetes', 'terraform', 'aws', 'azure', 'linux', 'ci/cd', 'prometheus']],
  ['Site Reliability Engineer', ['kubernetes', 'go', 'linux', 'prometheus', 'terraform', 'gcp']],
  ['Security Engineer', ['security', 'pentesting', 'iso27001', 'cloud-security', 'linux']],
  ['QA Engineer', ['test-automation', 'playwright', 'cypress', 'java', 'api-testing']],
  ['Mobile Developer', ['swift', 'kotlin', 'react-native', 'flutter', 'ios', 'android']],
  ['Engineering Manager', ['leadership', 'agile', 'hiring', 'architecture', 'coaching']],
  ['Product Manager', ['product-discovery', 'roadmapping', 'agile', 'analytics', 'stakeholder-management']],
  ['Product Designer', ['figma', 'ux-research', 'prototyping', 'design-systems', 'accessibility']],
  ['Account Executive', ['saas-sales', 'negotiation', 'salesforce', 'b2b', 'pipeline-management']],
  ['Sales Development Rep', ['prospecting', 'cold-calling', 'hubspot', 'linkedin', 'b2b']],
  ['Customer Success Manager', ['onboarding', 'churn-reduction', 'gainsight', 'saas', 'account-management']],
  ['Marketing Manager', ['seo', 'content-marketing', 'google-ads', 'hubspot', 'analytics']],
  ['Recruiter', ['sourcing', 'linkedin', 'interviewing', 'employer-branding', 'ats']],
  ['Financial Controller', ['ifrs', 'excel', 'sap', 'reporting', 'budgeting']],
  ['HR Business Partner', ['employee-relations', 'labour-law', 'change-management', 'coaching']],
  ['Business Analyst', ['sql', 'requirements', 'bpmn', 'power-bi', 'stakeholder-management']],
  ['Solutions Architect', ['architecture', 'aws', 'azure', 'integration', 'microservices']],
  ['Support Engineer', ['troubleshooting', 'sql', 'zendesk', 'linux', 'customer-service']],
];

/** Repeated entries weigh the draw: Amsterdam turns up more often than Leeuwarden. */
const LOCATIONS = [
  'Amsterdam', 'Amsterdam', 'Amsterdam', 'Rotterdam', 'Rotterdam', 'Utrecht', 'Utrecht', 'Den Haag', 'Eindhoven',
  'Eindhoven', 'Groningen', 'Leiden', 'Delft', 'Haarlem', 'Nijmegen', 'Arnhem', 'Tilburg', 'Breda', "'s-Hertogenbosch",
  'Zwolle', 'Maastricht', 'Leeuwarden', 'Enschede', 'Amersfoort', 'Almere', 'Hilversum', 'Antwerpen', 'Gent',
  'Brussel', 'London', 'London', 'Manchester', 'Bristol', 'Edinburgh', 'Dublin', 'Berlin', 'Düsseldorf', 'Köln',
  'Remote', 'Remote', 'Remote',
];

/** Seniority with a realistic spread (per 100). */
const SENIORITY = [
  ...Array<string>(3).fill('intern'), ...Array<string>(20).fill('junior'), ...Array<string>(30).fill('medior'),
  ...Array<string>(30).fill('senior'), ...Array<string>(10).fill('lead'), ...Array<string>(5).fill('principal'),
  ...Array<string>(2).fill('executive'),
];

const EMAIL_DOMAINS = ['example.org', 'example.net', 'mail.example', 'post.example', 'inbox.example'];

export const DEMO_POOL_NAMES = [
  'Backend Engineers', 'Frontend Engineers', 'Data & AI', 'Sales Amsterdam', 'Graduates 2027',
];

export interface GenerateOptions {
  count: number;
  /** Rows per statement. */
  batchSize?: number;
  /**
   * Load in one transaction with the candidates' secondary (non-unique) indexes
   * dropped and built again at the end from their saved definitions: building
   * a trigram index once is much faster than updating it row by row. A failure
   * rolls everything back, indexes included. Default: from 100,000 rows on.
   */
  rebuildIndexes?: boolean;
  /** Called after each batch with the number of rows generated so far. */
  onProgress?: (done: number) => void;
}

/** A hash-based draw in [0, n) for row `g` and field `k`. */
const pick = (k: number, n: number) => `abs(hashint8extended(g, ${k}) % ${n})::int`;

function textArray(values: string[]): string {
  return `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

/**
 * The statement that inserts one batch: candidates (with their consent flags),
 * the matching consent ledger rows, and pool memberships for existing pools.
 * $1 = first row number of the batch, $2 = rows in the batch.
 */
function batchSql(): string {
  const jobs = textArray(JOBS.map(([job]) => job));
  const jobSkills = textArray(JOBS.map(([, skills]) => skills.join('|')));
  return `
with lists as (
  select ${textArray(FIRST_NAMES)} as first_names, ${textArray(LAST_NAMES)} as last_names,
         ${jobs} as jobs, ${jobSkills} as job_skills, ${textArray(LOCATIONS)} as places,
         ${textArray(SENIORITY)} as levels, ${textArray(EMAIL_DOMAINS)} as domains
), rows as (
  select g,
         l.first_names[1 + ${pick(1, FIRST_NAMES.length)}] as first_name,
         l.last_names[1 + ${pick(2, LAST_NAMES.length)}] as last_name,
         1 + ${pick(3, JOBS.length)} as job,
         ${pick(4, 1000)} as r4, ${pick(5, 1000)} as r5, ${pick(6, 1000)} as r6, ${pick(7, 1000)} as r7,
         l.places[1 + ${pick(8, LOCATIONS.length)}] as place,
         l.levels[1 + ${pick(9, SENIORITY.length)}] as level,
         l.domains[1 + ${pick(10, EMAIL_DOMAINS.length)}] as domain,
         l.jobs, l.job_skills
    from lists l, generate_series($1::bigint, $1::bigint + $2::bigint - 1) as g
), people as (
  select r.*,
         r.first_name || ' ' || r.last_name as name,
         string_to_array(r.job_skills[r.job], '|') as skills,
         r.r5 < 400 as has_whatsapp
    from rows r
), inserted as (
  insert into public.candidates (name, email, phone, whatsapp_number, allows_email, allows_whatsapp,
                                 preferred_contact_method, job_function, skill_tags, seniority_level, location,
                                 preferred_role, lead_score, engagement_score, unsubscribed_at, notes, created_at, updated_at,
                                 email_consent_expires_at)
  select p.name,
         -- about 7% have no email address on file; the row number keeps addresses unique
         case when p.r4 < 70 then null else
           lower(regexp_replace(public.f_unaccent(p.first_name), '[^a-zA-Z]+', '', 'g')) || '.' ||
           lower(regexp_replace(public.f_unaccent(p.last_name), '[^a-zA-Z]+', '', 'g')) || '.' || p.g || '@' || p.domain end,
         case when p.r6 < 80 then '+447' || lpad((p.g * 7919 % 1000000000)::text, 9, '0')
              else '+316' || lpad((p.g * 104729 % 100000000)::text, 8, '0') end,
         case when p.has_whatsapp then '+316' || lpad((p.g * 15485863 % 100000000)::text, 8, '0') end,
         p.r4 >= 70 and p.r7 >= 130,                 -- email consent for most who have an address
         p.has_whatsapp and p.r7 % 3 <> 0,           -- WhatsApp consent for about two thirds with a number
         case when p.has_whatsapp and p.r7 % 3 <> 0 and p.r6 % 2 = 0 then 'whatsapp'
              when p.r6 % 17 = 0 then 'phone' else 'email' end,
         p.jobs[p.job],
         (select array_agg(distinct s) from unnest(p.skills) with ordinality as x(s, i)
           where (i + p.r5) % 3 <> 0 or i = 1 + p.r5 % cardinality(p.skills)),
         p.level,
         p.place,
         case when p.r6 % 4 = 0 then null
              else initcap(case p.level when 'intern' then 'junior' when 'medior' then 'senior'
                                        when 'senior' then 'lead' else p.level end) || ' ' || p.jobs[p.job] end,
         (p.r4 * 7 + p.r5) % 101,
         least(100, (p.r5 * p.r6) % 10007 / 100),
         case when p.r7 between 100 and 129 then now() - make_interval(days => p.r6 % 400) end,
         case when p.r6 % 23 = 0 then 'Met at a meetup; interested in ' || p.skills[1] || ' roles.' end,
         now() - make_interval(days => (p.r4 + p.r5) % 1095, secs => p.r6 * 37),
         now() - make_interval(days => p.r6 % 30),
         -- What the ledger's trigger writes for the grant below (its time plus the months valid), so it writes nothing more.
         case when p.r4 >= 70 and p.r7 >= 130
              then public.email_consent_expiry(now() - make_interval(days => (p.r4 + p.r5) % 1095, secs => p.r6 * 37)) end
    from people p
   order by p.g
  returning id, allows_email, allows_whatsapp, email, whatsapp_number, created_at
), consent as (
  -- The ledger entries behind the flags set above (see runBatch: bulk path).
  insert into public.consent_events (candidate_id, channel, granted, source, wording, created_at)
  select id, 'email', allows_email, 'seed', 'Generated data: consent recorded at import', created_at
    from inserted where email is not null
  union all
  select id, 'whatsapp', allows_whatsapp, 'seed', 'Generated data: consent recorded at import', created_at
    from inserted where whatsapp_number is not null
  returning 1
), pools as (
  select array_agg(id order by id) as ids from public.talent_pools
), membership as (
  -- about 60% in one pool, 15% in a second one
  insert into public.talent_pool_members (talent_pool_id, candidate_id, added_at)
  select distinct on (pool_id, i.id) pool_id, i.id, i.created_at
    from inserted i, pools p,
         lateral (values (p.ids[1 + i.id % nullif(cardinality(p.ids), 0)], i.id % 10 < 6),
                         (p.ids[1 + (i.id / 7) % nullif(cardinality(p.ids), 0)], i.id % 20 < 3)) as v(pool_id, keep)
   where keep and pool_id is not null
  on conflict do nothing
  returning 1
)
select (select count(*) from inserted)::int as candidates, (select count(*) from consent)::int as consent_events,
       (select count(*) from membership)::int as memberships`;
}

export interface GenerateResult {
  candidates: number;
  consentEvents: number;
  memberships: number;
  ms: number;
}

/**
 * Inserts `count` generated candidates through the owner connection.
 *
 * Bulk path for consent: the flags are written with each candidate together
 * with the ledger rows that justify them, while the ledger's apply trigger is
 * disabled inside the loading transaction only (ALTER TABLE is transactional).
 * Applying the trigger row by row would rewrite every candidate twice. Ledger
 * and flags agree by construction; other sessions wait on the table lock meanwhile.
 */
export async function generateCandidates(owner: pg.Pool, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 50_000;
  const rebuild = options.rebuildIndexes ?? options.count >= 100_000;
  const sql = batchSql();
  const client = await owner.connect();
  const result: GenerateResult = { candidates: 0, consentEvents: 0, memberships: 0, ms: 0 };
  let open = false;
  const begin = async () => {
    await client.query('begin');
    open = true;
    await client.query('alter table public.consent_events disable trigger consent_events_apply');
  };
  const commit = async () => {
    await client.query('alter table public.consent_events enable trigger consent_events_apply');
    await client.query('commit');
    open = false;
  };
  try {
    // Row numbers start after the id sequence (which never goes back), so
    // repeated runs never reuse an email address.
    const { rows } = await client.query<{ start: number }>(
      `select last_value + 1 as start from pg_sequences where schemaname = 'public' and sequencename = 'candidates_id_seq'`);
    let next = Number(rows[0]?.start ?? 1);
    let indexes: string[] = [];
    if (rebuild) {
      await begin();
      await client.query(`set local maintenance_work_mem = '512MB'`);
      const found = await client.query<{ name: string; def: string }>(
        `select indexname as name, indexdef as def from pg_indexes
          where schemaname = 'public' and tablename = 'candidates' and indexdef not like 'CREATE UNIQUE %'`);
      indexes = found.rows.map((row) => row.def);
      for (const row of found.rows) await client.query(`drop index public.${client.escapeIdentifier(row.name)}`);
    }
    for (let done = 0; done < options.count;) {
      const size = Math.min(batchSize, options.count - done);
      if (!rebuild) await begin();
      const batch = await client.query<{ candidates: number; consent_events: number; memberships: number }>(sql, [next, size]);
      if (!rebuild) await commit();
      result.candidates += batch.rows[0].candidates;
      result.consentEvents += batch.rows[0].consent_events;
      result.memberships += batch.rows[0].memberships;
      done += size;
      next += size;
      options.onProgress?.(done);
    }
    if (rebuild) {
      for (const def of indexes) await client.query(def);
      await commit();
    }
  } catch (error) {
    if (open) await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

/** Creates the demo pools that are missing (a fresh database for a bench has none). */
export async function ensureDemoPools(owner: pg.Pool): Promise<void> {
  await owner.query(
    `insert into public.talent_pools (name) select unnest($1::text[]) on conflict do nothing`, [DEMO_POOL_NAMES]);
}

/** A few hundred campaigns, so that search has more than candidates to look through. */
export async function generateCampaigns(owner: pg.Pool, count: number): Promise<void> {
  await owner.query(
    `insert into public.campaigns (name, campaign_type, status, language, scheduled_at)
     select (array['Nurture','Job Announcement','Follow-up','Event Invitation','Quick Message'])[1 + g % 5] || ': ' ||
            (array['Backend Engineers','Frontend Engineers','Data & AI','Sales Amsterdam','Graduates 2027',
                   'Meetup Utrecht','Kerstborrel','Summer Hackathon','Tech Talk Rotterdam','Open Day Eindhoven'])[1 + (g / 5) % 10] ||
            ' ' || (2024 + g % 3) || '-' || lpad((1 + g % 12)::text, 2, '0'),
            (array['nurture','announcement','followup','event','quick'])[1 + g % 5],
            (array['draft','scheduled','sent','sent','cancelled'])[1 + (g / 3) % 5],
            (array['english','dutch'])[1 + g % 2],
            now() - make_interval(days => g % 700)
       from generate_series(1, $1::int) g`, [count]);
}
