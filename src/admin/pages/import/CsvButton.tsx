// A labelled download of a CSV the import page writes itself (the template, the lines left out).
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';

/** Saves a CSV text (already with its byte-order mark: src/domain/rules/csv.ts) as a file of the browser. */
function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** A labelled download of a CSV the page writes itself. */
export function CsvButton({
  label,
  fileName,
  text,
  id,
}: {
  label: string;
  fileName: string;
  text: () => string;
  id: string;
}) {
  return (
    <Button
      id={id}
      variant="outlined"
      startIcon={<DownloadIcon />}
      sx={{ minHeight: 44, whiteSpace: 'normal', textAlign: 'start' }}
      onClick={() => saveCsv(text(), fileName)}
    >
      {label}
    </Button>
  );
}
