/** What the snackbar shows: the provider keeps it, the host (loaded lazily) draws it. */
export type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  id: number;
  message: string;
  severity: NoticeSeverity;
  /** How long it stays; the host's default (6 s) when absent. */
  durationMs?: number;
}
