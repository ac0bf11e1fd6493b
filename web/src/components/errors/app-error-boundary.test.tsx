import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import fr from '@/locales/fr.json';

function Boom(): never {
  throw new Error('boom');
}

describe('the crash screen', () => {
  it('replaces a crashed tree with a title and a refresh button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops! Something went wrong');
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
  });

  it('is titled in French as the spec says', () => {
    expect(fr.crash.title).toBe("Oups ! Quelque chose s'est mal passé");
  });
});
