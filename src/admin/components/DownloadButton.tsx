// Downloads a CSV the server prepares (the whole register, the audit trail) with the staff member's token. Its label
// stays written on a phone too (react-admin's toolbar buttons keep only their icon there, and two download icons side
// by side say nothing of which is which).
import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useNotify } from 'react-admin';
import { API_BASE } from '../../api/client';
import { getToken } from '../../shared/session';
import { t } from '../../domain/messages';

export function DownloadButton({ path, label, fileName }: { path: string; label: string; fileName: string }) {
  const notify = useNotify();
  const download = async () => {
    try {
      const res = await fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      notify(t('admin.downloadError'), { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} sx={{ minHeight: 36 }}>
      {label}
    </Button>
  );
}
