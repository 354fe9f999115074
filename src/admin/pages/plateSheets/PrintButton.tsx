// The plate sheets' print button.
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { t } from '../../../domain/messages';

/** Prints once every plate of the print copy is loaded (a plate still loading would print blank). */
export function PrintButton() {
  const [preparing, setPreparing] = useState(false);
  const print = async () => {
    setPreparing(true);
    const images = [...document.querySelectorAll<HTMLImageElement>('.plate-print img')];
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    setPreparing(false);
    window.print();
  };
  return (
    <Box>
      <Button variant="contained" startIcon={<PrintIcon />} disabled={preparing} onClick={() => void print()}>
        {preparing ? t('plateSheets.preparing') : t('plateSheets.print')}
      </Button>
    </Box>
  );
}
