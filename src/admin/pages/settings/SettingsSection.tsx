// A section of the settings page: a rule, its heading and its help, then its fields.
import type { ReactNode } from 'react';
import { Box, Divider, Stack, Typography } from '@mui/material';

export function SettingsSection({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography component="h2" variant="h6" sx={{ mb: help ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
          {help}
        </Typography>
      )}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}
