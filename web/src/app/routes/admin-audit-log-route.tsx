import { AuditLogPage } from '@/features/admin/components/audit-log-page';

export function Component() {
  return <AuditLogPage />;
}
