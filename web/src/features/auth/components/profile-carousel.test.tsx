import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileCarousel } from '@/features/auth/components/profile-carousel';

function visibleSlide() {
  return screen.getAllByTestId('carousel-slide').find((slide) => !slide.hidden);
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('the profile carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves on every 5 seconds and is a labelled carousel', () => {
    mockReducedMotion(false);
    render(<ProfileCarousel />);
    expect(screen.getByRole('region', { name: 'Professionals on Noces' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(visibleSlide()).toHaveAccessibleName('1 of 4');
    act(() => {
      vi.advanceTimersByTime(4_999);
    });
    expect(visibleSlide()).toHaveAccessibleName('1 of 4');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visibleSlide()).toHaveAccessibleName('2 of 4');
  });

  it('stops while hovered, and with the pause button', () => {
    mockReducedMotion(false);
    render(<ProfileCarousel />);
    const carousel = screen.getByTestId('profile-carousel');
    fireEvent.mouseEnter(carousel);
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(visibleSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.mouseLeave(carousel);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(visibleSlide()).toHaveAccessibleName('2 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play the slideshow' }));
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(visibleSlide()).toHaveAccessibleName('2 of 4');
  });

  it('goes back and forth with the buttons, wrapping around', () => {
    mockReducedMotion(true);
    render(<ProfileCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous profile' }));
    expect(visibleSlide()).toHaveAccessibleName('4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next profile' }));
    expect(visibleSlide()).toHaveAccessibleName('1 of 4');
  });

  it('does not move on its own for users who prefer reduced motion', () => {
    mockReducedMotion(true);
    render(<ProfileCarousel />);
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(visibleSlide()).toHaveAccessibleName('1 of 4');
  });
});
