import { callPath } from '../../../lib/api-client.ts';
import type { ApiDownload } from '../../../lib/download.ts';

/** GET admin/backup: the whole shop as one gzip file (emporium-backup-<date>.jsonl.gz, named by the server). */
export const backupFile = (): ApiDownload => ({ path: callPath('backup'), fallbackName: 'emporium-backup.jsonl.gz' });
