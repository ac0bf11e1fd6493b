import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** A marketing button: a path of the site stays in the app; an https address opens in a new tab. */
export function MarketingLink({ href, children, ...props }: Omit<ButtonProps, 'href'> & { href: string }) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Button component={RouterLink} to={href} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Button>
  );
}
