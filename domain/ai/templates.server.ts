// AI templates as the API shows them: one entry per family (nurture-checkin),
// whose rows per language are stored as nurture-checkin-en / nurture-checkin-nl.
import type { Tx } from '../../platform/db/request.server.ts';
import type { AiSuggestion, AiTemplate, CampaignType } from './schemas.ts';
import type { Language } from '../schemas/language.ts';

/** One stored template row, in one language: what the drafter fills. */
export interface TemplateRow extends Omit<AiTemplate, 'languages'> {
  language: Language;
  subject: string;
  body: string;
}

const SUFFIX = /-(en|nl)$/;

export function familyOf(templateId: string): string {
  return templateId.replace(SUFFIX, '');
}

const ROW_COLUMNS = `template_id as "templateId", name, description, category, language, subject, body`;

/** One entry per family; the English row names it when there is one. */
export async function listTemplates(tx: Tx): Promise<AiTemplate[]> {
  const { rows } = await tx.query<TemplateRow>(`select ${ROW_COLUMNS} from public.ai_templates order by category, template_id`);
  const families = new Map<string, AiTemplate>();
  for (const row of rows) {
    const id = familyOf(row.templateId);
    const known = families.get(id);
    if (!known) {
      families.set(id, { templateId: id, name: row.name, description: row.description, category: row.category, languages: [row.language] });
      continue;
    }
    if (!known.languages.includes(row.language)) known.languages.push(row.language);
    if (row.language === 'english') Object.assign(known, { name: row.name, description: row.description });
  }
  return [...families.values()];
}

/**
 * The row to draft from: the family's row in the wanted language, else any
 * row of the family (and the caller reports the language it fell back to).
 * Also accepts a full row id (nurture-checkin-nl).
 */
export async function findTemplate(tx: Tx, templateId: string, language: Language): Promise<{ row: TemplateRow; familyName: string } | null> {
  const family = familyOf(templateId);
  const { rows } = await tx.query<TemplateRow>(
    `select ${ROW_COLUMNS} from public.ai_templates
      where template_id in ($1, $2, $3, $4)
      order by (template_id = $2) desc, (language = $5) desc, (language = 'english') desc`,
    [family, templateId, `${family}-en`, `${family}-nl`, language]);
  if (!rows.length) return null;
  const wanted = rows.find((row) => row.language === language) ?? rows[0];
  const familyName = (rows.find((row) => row.language === 'english') ?? rows[0]).name;
  return { row: wanted, familyName };
}

export async function listSuggestions(tx: Tx, campaignType: CampaignType): Promise<AiSuggestion[]> {
  const { rows } = await tx.query<AiSuggestion>(
    `select s.id, s.template_id as "templateId", s.name, coalesce(s.description, t.description) as description, t.category
       from public.ai_template_suggestions s
       join public.ai_templates t on t.template_id = s.template_id
      where s.campaign_type = $1
      order by s.sort_order, s.id`, [campaignType]);
  return rows.map((row) => ({ ...row, templateId: familyOf(row.templateId) }));
}
