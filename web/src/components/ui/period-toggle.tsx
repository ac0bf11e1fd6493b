import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { SxProps, Theme } from '@mui/material/styles';

interface PeriodToggleProps<T extends string | number> {
  value: T;
  periods: readonly T[];
  /** The group's accessible name. */
  label: string;
  /** Each period's visible text. */
  text: (period: T) => string;
  onChange: (period: T) => void;
  sx?: SxProps<Theme>;
}

/** The periods a chart or a set of figures can cover, one always chosen. */
export function PeriodToggle<T extends string | number>({ value, periods, label, text, onChange, sx }: PeriodToggleProps<T>) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      color="primary"
      aria-label={label}
      onChange={(_event, next: T | null) => {
        if (next !== null) onChange(next);
      }}
      sx={sx}
    >
      {periods.map((period) => (
        <ToggleButton key={period} value={period} sx={{ px: 1.5, textTransform: 'none' }}>
          {text(period)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
