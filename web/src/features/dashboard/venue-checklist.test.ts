import { describe, expect, it } from 'vitest';
import { venueTasks } from '@/features/dashboard/venue-checklist';

const card = (id: string, over: Partial<{ isPublished: boolean; imageCount: number; hasDescription: boolean; hasCapacities: boolean; hasPrices: boolean }> = {}) => ({
  id,
  isPublished: true,
  imageCount: 3,
  hasDescription: true,
  hasCapacities: true,
  hasPrices: true,
  ...over,
});

const summary = (tasks: ReturnType<typeof venueTasks>) => Object.fromEntries(tasks.map((task) => [task.id, task.done ? 'done' : task.path]));

describe("the venue owner's checklist", () => {
  it('sends every task to the wizard when there is no venue', () => {
    expect(summary(venueTasks([]))).toEqual({
      published: '/venues/create',
      photos: '/venues/create',
      description: '/venues/create',
      capacities: '/venues/create',
      prices: '/venues/create',
    });
  });

  it('is complete when a venue is published and every venue has photos, description, capacities and prices', () => {
    expect(venueTasks([card('a'), card('b', { isPublished: false })]).every((task) => task.done)).toBe(true);
  });

  it('links each task to the first venue that misses it', () => {
    const tasks = venueTasks([card('a', { isPublished: false, hasPrices: false }), card('b', { isPublished: false, imageCount: 0, hasDescription: false, hasCapacities: false })]);
    expect(summary(tasks)).toEqual({
      published: '/venues/a?tab=settings',
      photos: '/venues/b?tab=photos',
      description: '/venues/b/edit',
      capacities: '/venues/b/edit',
      prices: '/venues/a/edit',
    });
  });
});
