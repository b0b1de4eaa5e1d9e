// CSV import benchmark: 100,000 rows (Dutch headers, `;`, consent columns, 1%
// invalid rows, 1% repeated emails) streamed to the real server
// (`node server.ts`) over loopback into a pool, with the duplicates updated.
// Reports rows per second (and those of the reading stage alone, all the
// browser must stay for), the server's peak resident memory during the
// import, and how often the progress endpoint moved meanwhile. A second import
// of as many rows, each with a time zone set by hand (a `Tijdzone` column),
// follows on the same server: its rows per second beside the first's show what
// the zone check costs (BENCH_IMPORT_TIME_ZONE=off leaves it out).
import { FIRST_NAMES, LAST_NAMES } from '#demo/demo-candidates.server.ts';
import { resetPeakRss, rss, startBenchServer } from './candidates-list.ts';
import { treeCpu } from './support/process-cpu.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const WITH_TIME_ZONE = process.env.BENCH_IMPORT_TIME_ZONE !== 'off';
const HEADER = 'Voornaam;Achternaam;E-mailadres;Telefoon;Functie;Vaardigheden;Niveau;Woonplaats;Toestemming e-mail;Toestemming WhatsApp;Opmerkingen';
const ZONES = ['Europe/Amsterdam', 'Europe/London', 'America/New_York', 'Asia/Kolkata', 'Europe/Brussels'];
const JOBS = ['Backend Engineer', 'Data Engineer', 'Product Designer', 'Recruiter', 'Account Executive', 'DevOps Engineer'];
const SKILLS = ['typescript, react', 'python, sql', 'go, kubernetes', 'figma', 'sourcing, linkedin', 'salesforce'];
const PLACES = ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', "'s-Hertogenbosch", 'Groningen', 'London'];
const LEVELS = ['junior', 'medior', 'senior', 'lead', 'stagiair', ''];

function slug(i: number): string {
  return `${FIRST_NAMES[i % FIRST_NAMES.length]}.${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`
    .normalize('NFD').replace(/[^a-zA-Z.]/g, '').toLowerCase();
}

/** Row i of a file; `emailTag` keeps one file's addresses apart from another's, `zone` adds the time zone cell. */
function row(i: number, emailTag: string, zone: boolean): string {
  const first = FIRST_NAMES[i % FIRST_NAMES.length], last = LAST_NAMES[(i * 7) % LAST_NAMES.length];
  // 1% repeat the email of the row before (updated), 1% have a broken one (skipped)
  const source = i % 100 === 3 ? i - 1 : i;
  const email = i % 100 === 7 ? `${slug(i)}@kapot` : `${slug(source)}.${source}${emailTag}@import.example`;
  const last4 = String(1000 + (i % 9000));
  const notes = i % 50 === 0 ? '"Gesproken op de beurs; wil ""graag""\r\nremote werken"' : '';
  return [first, last, email, `+31 6 1234 ${last4}`, JOBS[i % JOBS.length], `"${SKILLS[i % SKILLS.length]}"`,
    LEVELS[i % LEVELS.length], PLACES[i % PLACES.length], i % 5 ? 'ja' : 'nee', i % 3 ? 'nee' : 'ja', notes,
    ...(zone ? [ZONES[i % ZONES.length]] : [])].join(';') + '\r\n';
}

function csvStream(emailTag: string, zone: boolean): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === 0) controller.enqueue(encoder.encode(`\ufeff${HEADER}${zone ? ';Tijdzone' : ''}\r\n`));
      const lines: string[] = [];
      for (const end = Math.min(ROWS, next + 1000); next < end;) lines.push(row(++next, emailTag, zone));
      controller.enqueue(encoder.encode(lines.join('')));
      if (next >= ROWS) controller.close();
    },
  });
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** One file of ROWS rows into the first pool, timed, with the server's memory and the progress seen meanwhile. */
async function importOnce(server: BenchServer, emailTag: string, zone: boolean) {
  const headers = { cookie: server.cookie, origin: server.url };
  const pools = await (await fetch(`${server.url}/api/talent-pools`, { headers })).json() as Array<{ id: number }>;
  const created = await fetch(`${server.url}/api/imports`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'bench.csv', talentPoolId: pools[0].id, duplicates: 'update', emailConsent: 'agreed', mapping: {
      firstName: 0, lastName: 1, email: 2, phone: 3, jobFunction: 4, skillTags: 5, seniorityLevel: 6, location: 7, allowsEmail: 8, allowsWhatsapp: 9, notes: 10,
      ...(zone ? { timeZone: 11 } : {}),
    } }),
  });
  const job = await created.json() as { id: number };
  const pid = server.child.pid!;
  const rssBefore = rss(pid).now;
  const peakReset = resetPeakRss(pid);

  let polling = true;
  const progress: number[] = [];
  // When the import was first seen writing: from then on its one transaction holds its locks.
  let writingSince: number | null = null;
  const poller = (async () => {
    while (polling) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const state = await (await fetch(`${server.url}/api/imports/${job.id}`, { headers })).json() as { processedRows: number; writtenRows?: number; stage?: string };
      const seen = state.processedRows + (state.writtenRows ?? 0);
      if (progress.at(-1) !== seen) progress.push(seen);
      if (state.stage === 'writing') writingSince ??= performance.now();
    }
  })();
  const cpuBefore = treeCpu(pid);
  const started = performance.now();
  const upload = await fetch(`${server.url}/api/imports/${job.id}/file`, {
    method: 'PUT', headers: { ...headers, 'content-type': 'text/csv' }, body: csvStream(emailTag, zone), duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  const summary = await upload.json() as Record<string, number | string>;
  const finished = performance.now();
  const cpuAfter = treeCpu(pid);
  const seconds = (finished - started) / 1000;
  // Core-seconds per 1,000 rows of the file (the poller's requests included: two a second).
  const perThousand = (key: 'node' | 'postgres') => Number(((cpuAfter[key] - cpuBefore[key]) / (ROWS / 1000)).toFixed(3));
  polling = false;
  await poller;
  const memory = rss(pid);
  return {
    status: summary.status,
    imported: summary.imported, updated: summary.updated, skipped: summary.skipped,
    seconds: Number(seconds.toFixed(1)),
    rows_per_second: Math.round(ROWS / seconds),
    // The writing stage (one transaction: its row locks last this long), to the 0.5 s of polling.
    writing_seconds: writingSince === null ? null : Number(((finished - writingSince) / 1000).toFixed(1)),
    // The reading stage: all the browser must stay for; once every row is read the server finishes alone (decision 009).
    reading_seconds: writingSince === null ? null : Number(((writingSince - started) / 1000).toFixed(1)),
    reading_rows_per_second: writingSince === null ? null : Math.round(ROWS / ((writingSince - started) / 1000)),
    cpu_core_seconds_per_1000_rows: { server: perThousand('node'), postgres: perThousand('postgres'),
      total: Number((perThousand('node') + perThousand('postgres')).toFixed(3)) },
    server_rss_mib: { before: rssBefore, peak_during_import: memory.peak, after: memory.now, peak_measured_from: peakReset ? 'import start' : 'server start' },
    progress_updates_seen: progress.length,
  };
}

export async function run() {
  const server = await startBenchServer('import', 4491, 55491);
  try {
    const plain = await importOnce(server, '', false);
    const withTimeZone = WITH_TIME_ZONE ? await importOnce(server, '.tz', true) : null;
    return {
      name: 'import',
      rows: ROWS,
      ...plain,
      with_time_zone_column: withTimeZone && {
        ...withTimeZone,
        // Above 1: what checking each row's zone costs.
        seconds_ratio_to_plain: Number((withTimeZone.seconds / plain.seconds).toFixed(2)),
      },
    };
  } finally {
    await server.stop();
  }
}
