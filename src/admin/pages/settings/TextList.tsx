// A list of one-line texts (e-mails, phones) with an add and a remove button.
import { Box, Button, IconButton, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import { t } from '../../../domain/messages';
import { SettingsField } from './SettingsField';

export function TextList(props: {
  id: string;
  label: string;
  addLabel: string;
  values: string[];
  type?: string;
  onChange: (values: string[]) => void;
}) {
  const { id, label, addLabel, values, type, onChange } = props;
  return (
    <Stack spacing={1}>
      {values.map((value, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SettingsField
            id={`${id}-${i}`}
            label={label}
            value={value}
            type={type}
            onText={(typed) => onChange(values.map((v, j) => (j === i ? typed : v)))}
            ltr
          />
          <IconButton
            aria-label={`${t('settingsPage.remove')}: ${label}`}
            onClick={() => onChange(values.filter((_v, j) => j !== i))}
            sx={{ minWidth: 44, minHeight: 44 }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...values, ''])} sx={{ minHeight: 44 }}>
          {addLabel}
        </Button>
      </Box>
    </Stack>
  );
}
