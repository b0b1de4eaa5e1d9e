// Any OpenAI-compatible chat API (OpenAI, Azure-style proxies, Ollama, vLLM...)
// through the official client. Failures become two errors the API can map:
// a time-out (the spec's "Generation Timeout") and everything else.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Config } from '../../platform/runtime/config.server.ts';
import { coded, say, type ErrorCode, type Params, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';

export type AiConfig = Config['openai'];

export class AiTimeoutError extends Error {
  constructor() { super(englishText('ai_timeout')); }
}

/** The provider's failure, said as a code (decision 032); `message` is its English text. */
export class AiProviderError extends Error {
  status?: number;
  code: ErrorCode;
  params?: Params;
  constructor(said: Said, status?: number) {
    super(englishText(said));
    ({ code: this.code, params: this.params } = coded(said));
    this.status = status;
  }
}

/** A key, or a base URL alone (local servers often need no key). */
export function providerConfigured(config: AiConfig): boolean {
  return Boolean(config.apiKey || config.baseURL);
}

const clients = new Map<string, OpenAI>();

function client(config: AiConfig): OpenAI {
  const key = `${config.baseURL}|${config.apiKey}|${config.timeoutMs}`;
  let found = clients.get(key);
  if (!found) {
    // No client retries: a retried time-out would wait twice as long as the
    // spec allows, and the UI offers "try again" itself.
    found = new OpenAI({ apiKey: config.apiKey ?? 'not-needed', baseURL: config.baseURL ?? undefined, timeout: config.timeoutMs, maxRetries: 0 });
    clients.set(key, found);
  }
  return found;
}

export interface ChatMessage { role: 'system' | 'user'; content: string }

export async function chat(config: AiConfig, messages: ChatMessage[], options: { temperature?: number; maxTokens?: number } = {}) {
  try {
    const completion = await client(config).chat.completions.create({
      model: config.model,
      messages,
      temperature: options.temperature ?? 0.7,
      max_tokens: options.maxTokens ?? 900,
    });
    const text = completion.choices[0]?.message?.content ?? '';
    if (!text.trim()) throw new AiProviderError('ai_empty_answer');
    return { text, model: completion.model || config.model };
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) throw new AiTimeoutError();
    if (error instanceof APIConnectionError) throw new AiProviderError('ai_unreachable');
    if (error instanceof APIError) {
      const detail = (error.error as { message?: string } | undefined)?.message ?? error.message;
      const status = typeof error.status === 'number' ? error.status : undefined;
      throw new AiProviderError(say('ai_refused', { status: String(status), detail }), status);
    }
    throw error;
  }
}

/**
 * Splits "Subject: ...\n\nbody" (or Dutch "Onderwerp:") into its parts. Models
 * sometimes wrap the answer in a code fence or bold the label; both are undone.
 */
export function parseDraft(text: string): { subject: string | null; body: string } {
  const cleaned = text.replace(/^\s*```[a-z]*\s*\n?/i, '').replace(/\n?```\s*$/, '').trim();
  const match = /^[ \t]*\**(?:subject|onderwerp)\**[ \t]*:\**[ \t]*(.+?)\**[ \t]*$/im.exec(cleaned);
  if (!match) return { subject: null, body: cleaned };
  const body = cleaned.slice(match.index + match[0].length).replace(/^\s*(?:\**(?:body|bericht|tekst)\**\s*:\s*)?/i, '').trim();
  return { subject: match[1].trim(), body };
}
