export { type AuditFilter, type AuditRow, listAuditEntries } from './read';
export { type AuditEntry, recordAudit } from './repo';
