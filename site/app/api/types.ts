// Shapes of the API replies this app reads (docs/api.md).

export type UserRole = 'admin' | 'recruiter' | (string & {});

export interface SessionUser {
  id: string;
  username: string;
  role: UserRole;
  displayName: string;
  email: string;
  twoFactorEnabled: boolean;
}

export interface AdminUser extends SessionUser {
  banned: boolean;
  createdAt: string;
}

export type AccessRequestStatus = 'pending' | 'approved' | 'rejected' | (string & {});

export interface AccessRequest {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string | null;
  status: AccessRequestStatus;
  createdAt: string;
}

export interface AuditEntry {
  id: string;
  actor: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  details: unknown;
  createdAt: string;
}

export interface TwoFactorSetup {
  totpURI: string;
  qrCodeSvg: string;
  backupCodes: string[];
}
