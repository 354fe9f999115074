// How a grave's gender and status read in the console.
import { Chip } from '@mui/material';
import { t } from '../../../domain/messages';
import { GRAVE_STATUS, type Gender, type GraveStatus } from '../../../domain/types';

export const GENDER_LABEL: Record<Gender, string> = {
  men: t('gender.men'),
  women: t('gender.women'),
  bones: t('gender.bones'),
};

export const GENDER_CHOICES = (Object.keys(GENDER_LABEL) as Gender[]).map((id) => ({ id, name: GENDER_LABEL[id] }));

export const STATUS_CHOICES = [GRAVE_STATUS.available, GRAVE_STATUS.unavailable, GRAVE_STATUS.full].map((s) => ({
  id: s,
  name: s,
}));

const STATUS_COLOR: Record<GraveStatus, 'success' | 'warning' | 'default'> = {
  [GRAVE_STATUS.available]: 'success',
  [GRAVE_STATUS.unavailable]: 'warning',
  [GRAVE_STATUS.full]: 'default',
};

export function StatusChip({ status }: { status: GraveStatus }) {
  // Dark text on light chips keeps the contrast readable (axe: color-contrast).
  return <Chip size="small" label={status} color={STATUS_COLOR[status]} variant="outlined" sx={{ fontWeight: 700 }} />;
}
