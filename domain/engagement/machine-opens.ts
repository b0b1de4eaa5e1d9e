// Which opens and clicks a machine made, not the candidate. Pure: the rules
// read the request's user agent and how long after delivery it came. A
// machine event is stored (a recruiter sees raw and human rates side by side)
// but marked `machine` with the rule's reason, and does not raise the score.
//
// The rules, in the order they are tried:
// 1. No user agent: mail clients and browsers always send one; scripts may not.
// 2. Within 10 seconds of delivery: no person opens (let alone clicks) that
//    fast; gateways that scan every link and image at delivery do (Microsoft
//    Defender Safe Links, Mimecast, Proofpoint, Barracuda "time-of-click"
//    protection pre-scan at delivery time).
// 3. Image proxies, by user agent token:
//    - Gmail fetches images through its proxy ("GoogleImageProxy", served from
//      ggpht.com; Google, "Gmail images" help, 2013). A Gmail open through the
//      proxy can be the person, but Gmail also pre-fetches; we count it as
//      machine, the conservative choice.
//    - Yahoo Mail's proxy ("YahooMailProxy", help.yahoo.com SLN28749).
//    - Microsoft's image proxy and link preview fetchers ("OutlookImageProxy",
//      "BingPreview"). Outlook desktop itself ("ms-office") is a person reading.
// 4. Apple Mail Privacy Protection (iOS 15 / macOS 12, 2021): Apple's proxies
//    pre-load every image of every mail, whether it is read or not, with the
//    bare user agent "Mozilla/5.0" (no platform, no browser token). Apple's
//    iCloud Private Relay egress ranges are published (mask-api.icloud.com
//    egress-ip-ranges.csv) but they are tens of thousands of ranges shared with
//    ordinary Safari browsing: we use the user agent and the timing rule, not
//    the ranges.
// 5. Link scanners and security gateways, by user agent token: Barracuda,
//    Mimecast, Proofpoint, Microsoft Defender Safe Links ("SafeLinks"),
//    Symantec/Broadcom MessageLabs, Trend Micro, Cisco IronPort, Forcepoint,
//    and generic crawlers and HTTP libraries (bot, crawler, spider, curl,
//    python-requests, Go-http-client, HeadlessChrome).

export interface HitSignals {
  userAgent: string | null | undefined;
  /** The request's address (kept for future published-range rules; not used by today's rules). */
  ip?: string | null;
  /** Seconds between the message's delivery (sent_at) and this request; null when not known. */
  secondsAfterSent: number | null | undefined;
}

export interface Classification {
  machine: boolean;
  /** Why it is a machine (a short, stable label), null for a human. */
  reason: string | null;
}

/** Any open or click this soon after delivery is a machine's. */
export const MACHINE_SECONDS_AFTER_SENT = 10;

const PROXIES: Array<[RegExp, string]> = [
  [/GoogleImageProxy|ggpht\.com/i, 'gmail-image-proxy'],
  [/YahooMailProxy/i, 'yahoo-mail-proxy'],
  [/OutlookImageProxy|BingPreview/i, 'outlook-proxy'],
];

const SCANNERS: Array<[RegExp, string]> = [
  [/barracuda/i, 'barracuda-scanner'],
  [/mimecast/i, 'mimecast-scanner'],
  [/proofpoint/i, 'proofpoint-scanner'],
  [/safe\s?links|defender/i, 'microsoft-safe-links'],
  [/symantec|messagelabs|broadcom/i, 'symantec-scanner'],
  [/trend\s?micro/i, 'trend-micro-scanner'],
  [/ironport|cisco/i, 'cisco-scanner'],
  [/forcepoint/i, 'forcepoint-scanner'],
  [/headlesschrome|phantomjs|python-requests|python-urllib|go-http-client|curl\/|wget\/|okhttp|java\//i, 'http-library'],
  [/bot\b|bot\/|crawler|spider|preview/i, 'crawler'],
];

/** Apple Mail Privacy Protection: the bare "Mozilla/5.0", nothing after it. */
const APPLE_PRIVACY_PROXY = /^Mozilla\/5\.0$/;

function classify(signals: HitSignals): Classification {
  const userAgent = (signals.userAgent ?? '').trim();
  if (!userAgent) return { machine: true, reason: 'no-user-agent' };
  const seconds = signals.secondsAfterSent;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds < MACHINE_SECONDS_AFTER_SENT) {
    return { machine: true, reason: 'within-10-seconds-of-delivery' };
  }
  for (const [pattern, reason] of PROXIES) if (pattern.test(userAgent)) return { machine: true, reason };
  if (APPLE_PRIVACY_PROXY.test(userAgent)) return { machine: true, reason: 'apple-mail-privacy-protection' };
  for (const [pattern, reason] of SCANNERS) if (pattern.test(userAgent)) return { machine: true, reason };
  return { machine: false, reason: null };
}

/** Whether a pixel load was a machine's (rules above). */
export function classifyOpen(signals: HitSignals): Classification {
  return classify(signals);
}

/** Whether a click was a machine's: the same rules (proxies, privacy pre-loads and scanners follow links too). */
export function classifyClick(signals: HitSignals): Classification {
  return classify(signals);
}
