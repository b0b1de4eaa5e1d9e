// The compose, reply and campaign forms' schema messages in the interface's language (i18n/schemaMessage.ts).
import { panels } from '#domain/i18n/en/panels.ts';
import { schemaMessages } from '#app/i18n/schemaMessage.ts';

export const issueText = schemaMessages(panels.validation, 'panels.validation');
