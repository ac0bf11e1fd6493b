import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Two interlaced rings and the product name. Decorative: the name is text. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden="true"
        focusable="false"
        sx={{ width: size, height: size, flexShrink: 0 }}
      >
        <rect width="64" height="64" rx="14" fill="#7b2d4b" />
        <circle cx="26" cy="34" r="13" fill="none" stroke="#f4e3c1" strokeWidth="5" />
        <circle cx="38" cy="34" r="13" fill="none" stroke="#ffffff" strokeWidth="5" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.6, color: 'text.primary', lineHeight: 1 }}>
        Noces
        <Box component="span" sx={{ color: 'primary.main', ml: 0.5 }}>
          Pro
        </Box>
      </Typography>
    </Box>
  );
}
