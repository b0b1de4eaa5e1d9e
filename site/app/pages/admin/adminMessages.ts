// The new-user form's schema messages (domain/auth/schemas.ts) in the interface's language (i18n/schemaMessage.ts).
import { admin } from '#domain/i18n/en/admin.ts';
import { schemaMessages } from '#app/i18n/schemaMessage.ts';

export const adminMessage = schemaMessages(admin.messages, 'admin.messages');
